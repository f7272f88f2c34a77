import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { createExport } from "../features/exports/create.js";
import { runNextExport } from "../features/exports/run.js";
import { exportArchiveKey } from "../features/exports/view.js";
import { blobsOf } from "../platform/blobs/index.js";
import type { Ctx } from "../platform/context.js";
import { HeedError } from "../platform/errors.js";
import { progressPrinter } from "./progress.js";

// `heed export --workspace <slug> [--output <file>]`: the same export job the API makes (audited,
// kept a day for /v1 downloads too), run here unless a server's runner takes it first, with a
// progress bar on stderr, then written to the file.

export async function exportWorkspace(
  ctx: Ctx,
  output: string | undefined,
  progress = progressPrinter(process.stderr, (done, total) => `${done.toLocaleString("en")} of ${total.toLocaleString("en")} rows`),
): Promise<{ id: string; file: string; bytes: number; files: Record<string, number> }> {
  const { db } = ctx.services;
  const asked = await createExport({ ctx });
  const file = output ?? `${ctx.workspace.slug}-${asked.id}.zip`;
  const read = () => db.selectFrom("exports").selectAll().where("id", "=", asked.id).executeTakeFirstOrThrow();
  // A tick still reading when the command ends is waited for: the database closes right after,
  // and a read in flight then would fail the process (seen once on PostgreSQL).
  let reading: Promise<void> = Promise.resolve();
  const ticker = setInterval(() => {
    reading = read()
      .then((row) => progress(Number(row.done), Number(row.total)))
      .catch(() => {});
  }, 250);
  try {
    for (;;) {
      // This process writes it, or waits for the server's runner that took it.
      await runNextExport(ctx.services);
      const row = await read();
      if (row.state === "failed") throw new HeedError("conflict", row.error ?? "The export failed.");
      if (row.state === "done") {
        progress(Number(row.done), Number(row.total));
        if (process.stderr.isTTY) process.stderr.write("\n");
        await pipeline(blobsOf(ctx.services).read(exportArchiveKey(ctx.workspace.id, asked.id)), createWriteStream(file));
        return { id: asked.id, file, bytes: Number(row.bytes), files: JSON.parse(row.counts) as Record<string, number> };
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    clearInterval(ticker);
    await reading;
  }
}
