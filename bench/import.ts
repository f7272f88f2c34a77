import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fromBuffer, type Entry } from "yauzl";
import { seedWorkspace } from "../server/src/cli/seed/bulk.js";
import { createWorkspace } from "../server/src/features/workspace/create.js";
import { openDatabase } from "../server/src/platform/db/database.js";
import { migrateToLatest } from "../server/src/platform/db/migrate.js";

// npm run bench:import: importing 100k posts and 1M votes from CSV (the target: ≤ 2 minutes),
// as an operator would. A workspace is seeded and exported with `heed export`; its posts.csv,
// votes.csv and users.csv are imported with `heed import csv` into a fresh database, three times,
// each in a process of its own (RSS read from /proc). The counts are compared with the source's:
// the round trip keeps every post, vote and person. Prints figures; asserts nothing.

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const VOTES = Number(process.env.BENCH_VOTES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function rssKib(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function heed(url: string, args: string[]): Promise<{ stdout: string; seconds: number; peakKib: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/cli.ts", ...args], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let peakKib = 0;
  const sampler = setInterval(() => (peakKib = Math.max(peakKib, rssKib(child.pid!))), 100);
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`heed ${args[0]} exited ${code}`);
  return { stdout, seconds: (Date.now() - started) / 1000, peakKib };
}

/** The CSV files of an export's zip, written into `dir`. */
async function unzipCsv(zip: string, dir: string): Promise<void> {
  const archive = await new Promise<import("yauzl").ZipFile>((resolve, reject) =>
    fromBuffer(readFileSync(zip), { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  await new Promise<void>((resolve, reject) => {
    archive.on("entry", (entry: Entry) => {
      if (!entry.fileName.endsWith(".csv")) return archive.readEntry();
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        pipeline(stream, createWriteStream(join(dir, entry.fileName))).then(() => archive.readEntry(), reject);
      });
    });
    archive.on("end", resolve);
    archive.on("error", reject);
    archive.readEntry();
  });
}

async function counts(url: string, slug: string): Promise<{ posts: number; votes: number; users: number }> {
  const { db } = openDatabase(url);
  const ws = await db.selectFrom("workspaces").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const n = async (table: "posts" | "votes" | "users") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("workspace_id", "=", ws.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const result = { posts: await n("posts"), votes: await n("votes"), users: await n("users") };
  await db.destroy();
  return result;
}

const dir = mkdtempSync(join(tmpdir(), "heed-bench-import-"));
try {
  const sourceUrl = `sqlite:${join(dir, "source.db")}`;
  const { db } = openDatabase(sourceUrl);
  await migrateToLatest(db);
  const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
  await seedWorkspace(db, { id: workspace.id, slug: workspace.slug }, { posts: POSTS, votes: VOTES, boards: 5, seed: 1 });
  await db.destroy();
  const zip = join(dir, "export.zip");
  await heed(sourceUrl, ["export", "--workspace", "bench", "--output", zip, "--json"]);
  await unzipCsv(zip, dir);
  const bytes = ["posts.csv", "votes.csv", "users.csv"].reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
  const source = await counts(sourceUrl, "bench");
  console.log(
    `source: ${source.posts.toLocaleString("en")} posts, ${source.votes.toLocaleString("en")} votes, ${source.users.toLocaleString("en")} people; CSV ${(bytes / 1048576).toFixed(0)} MiB`,
  );

  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const url = `sqlite:${join(dir, `target-${run}.db`)}`;
    const { db: target } = openDatabase(url);
    await migrateToLatest(target);
    await createWorkspace(target, { slug: "target", name: "Target" });
    await target.destroy();
    const imported = await heed(url, ["import", "csv", "--workspace", "target", "--dir", dir, "--json"]);
    const landed = await counts(url, "target");
    const same = landed.posts === source.posts && landed.votes === source.votes && landed.users === source.users;
    seconds.push(imported.seconds);
    console.log(
      `run ${run}: heed import csv ${imported.seconds.toFixed(1)} s, RSS peak ${(imported.peakKib / 1024).toFixed(0)} MiB; landed ${landed.posts.toLocaleString("en")} posts, ${landed.votes.toLocaleString("en")} votes, ${landed.users.toLocaleString("en")} people: ${same ? "the same counts" : "DIFFERENT counts"}`,
    );
    rmSync(join(dir, `target-${run}.db`), { force: true });
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(
    `import of ${POSTS.toLocaleString("en")} posts and ${VOTES.toLocaleString("en")} votes: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} s (${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)}) over ${RUNS} runs`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
