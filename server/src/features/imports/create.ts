import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { HeedError, invalidReference, notFound } from "../../platform/errors.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { beginImport } from "./batch.js";
import type { CreateImportSchema } from "./schema.js";
import { mappingsToRemember, statusesOfWorkspace } from "./mappings.js";
import { mappingOver, type CsvMapping } from "./sources/csv/mapping.js";
import { findImport, type ImportOptionsStored, type ImportView, toImportView } from "./view.js";

// Asking for an import through the API, and following it. An import writes many objects at once,
// past each verb's own checks, so it has a permission of its own: `imports:write` (owners and
// admins; members lack it) to run, cancel and undo one, `imports:read` to follow them.

export type CreateImportInput = z.output<typeof CreateImportSchema>;

/** `POST /imports`: queued for the background runner, which reads the source and writes the report. */
export async function createImport({ ctx, input }: { ctx: Ctx; input: CreateImportInput }): Promise<ImportView> {
  requireScope(ctx.actor.scopes, "imports:write");
  if (input.source === "canny") {
    return beginImport(ctx, { source: "canny", dryRun: input.dryRun, queued: true, options: { preview: input.preview }, secret: input.apiKey });
  }
  const db = reader(ctx);
  const files: Record<string, string> = {};
  for (const [kind, id] of Object.entries(input.files)) {
    if (!id) continue;
    const upload = await db
      .selectFrom("import_uploads")
      .select("id")
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", id)
      .where("completed_at", "is not", null)
      .executeTakeFirst();
    if (!upload) throw invalidReference(`/files/${kind}`, "upload", id);
    files[kind] = id;
  }
  let mapping: CsvMapping | undefined;
  if (input.mappingFrom) {
    const earlier = await findImport(db, ctx, input.mappingFrom);
    const saved = earlier ? (JSON.parse(earlier.options) as ImportOptionsStored).mapping : undefined;
    if (!saved) throw invalidReference("/mappingFrom", "import with a mapping", input.mappingFrom);
    mapping = saved;
  }
  if (input.mapping) mapping = mappingOver(mapping ?? {}, input.mapping);
  const mapped = Object.entries(mapping?.statuses ?? {});
  if (mapped.length > 0) {
    const there = await statusesOfWorkspace(
      db,
      ctx.workspace.id,
      mapped.map(([, id]) => id),
    );
    const unknown = mapped.find(([, id]) => !there.has(id));
    if (unknown) throw invalidReference(`/mapping/statuses/${unknown[0].replace(/~/g, "~0").replace(/\//g, "~1")}`, "status", unknown[1]);
  }
  const remember = await mappingsToRemember(ctx, { source: input.source, files, mapping });
  return beginImport(ctx, { source: input.source, dryRun: input.dryRun, queued: true, options: { files, mapping, preview: input.preview }, remember });
}

export async function getImport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ImportView> {
  requireScope(ctx.actor.scopes, "imports:read");
  const row = await findImport(reader(ctx), ctx, input.id);
  if (!row) throw notFound("import", input.id);
  return toImportView(row);
}

/** The workspace's imports, newest first. */
export async function listImports({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<ImportView>> {
  requireScope(ctx.actor.scopes, "imports:read");
  return keysetPage(ctx, {
    key: JSON.stringify(["imports", ctx.workspace.id]),
    input,
    query: reader(ctx).selectFrom("imports").selectAll().where("workspace_id", "=", ctx.workspace.id),
    order: byId("desc"),
    shape: (rows) => rows.map(toImportView),
  });
}

/**
 * `POST /imports/{id}/cancel`: a queued import never starts; a running one stops after its current
 * chunk and what it wrote is taken out again. 409 once it has ended.
 */
export async function cancelImport({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<ImportView> {
  requireScope(ctx.actor.scopes, "imports:write");
  return inTransaction(ctx, async (tx) => {
    const row = await findImport(tx, ctx, input.id);
    if (!row) throw notFound("import", input.id);
    // A queued one ends here; a running one is marked, and its runner sees the mark at its next
    // step, stops, and removes what it wrote.
    const cancelled = await tx
      .updateTable("imports")
      .set({ state: "cancelled", secret: null, ...(row.state === "queued" ? { finished_at: nowIso() } : {}) })
      .where("id", "=", row.id)
      .where("state", "in", ["queued", "running"])
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) === 0)
      throw new HeedError("conflict", `The import is ${row.state}: only a queued or running import can be cancelled.`);
    await recordChange(tx, ctx, { action: "import.cancelled", objectType: "import", objectId: row.id, audit: { was: row.state } });
    return toImportView((await findImport(tx, ctx, row.id))!);
  });
}
