import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedWorkspace } from "../server/src/cli/seed/bulk.js";
import { createWorkspace } from "../server/src/features/workspace/create.js";
import { openDatabase } from "../server/src/platform/db/database.js";
import { migrateToLatest } from "../server/src/platform/db/migrate.js";

// npm run bench:export: the workspace's export on SQLite, as an operator runs it:
// `heed export` in a process of its own (the job, its archive stored in chunks, the file written),
// for a small workspace and for 100k posts with 1M votes. The process's resident memory is read
// from /proc every 100 ms: flat memory means the large export's peak is the small one's, give or
// take, and its RSS does not climb as the export goes on. Prints figures; asserts nothing.

const SIZES = [
  { posts: 1_000, votes: 10_000 },
  { posts: Number(process.env.BENCH_POSTS ?? 100_000), votes: Number(process.env.BENCH_VOTES ?? 1_000_000) },
];

const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

function rssKib(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs `heed export`, sampling its RSS; the samples in time order and how long it took. */
async function exportIn(url: string, file: string): Promise<{ samples: number[]; seconds: number; answer: { files: Record<string, number> } }> {
  const started = Date.now();
  // BENCH_EXPORT_HEAP_MB caps V8's heap: an export that finishes under a small cap holds no more.
  const heap = process.env.BENCH_EXPORT_HEAP_MB ? [`--max-old-space-size=${process.env.BENCH_EXPORT_HEAP_MB}`] : [];
  const child = spawn(process.execPath, [...heap, "--import", "tsx", "server/src/cli.ts", "export", "--workspace", "bench", "--output", file, "--json"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "ignore"],
  });
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const rss = rssKib(child.pid!);
    if (rss > 0) samples.push(rss);
  }, 100);
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`heed export exited ${code}`);
  return { samples, seconds: (Date.now() - started) / 1000, answer: JSON.parse(stdout) };
}

for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), "heed-bench-export-"));
  const url = `sqlite:${join(dir, "bench.db")}`;
  try {
    const { db } = openDatabase(url);
    await migrateToLatest(db);
    const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
    await seedWorkspace(db, { id: workspace.id, slug: workspace.slug }, { posts: size.posts, votes: size.votes, boards: 5, seed: 1 });
    await db.destroy();
    const file = join(dir, "export.zip");
    const { samples, seconds, answer } = await exportIn(url, file);
    const rows = Object.values(answer.files).reduce((a, b) => a + b, 0);
    const at = (share: number) => mib(samples[Math.min(samples.length - 1, Math.floor(share * samples.length))] ?? 0);
    console.log(
      `${size.posts.toLocaleString("en")} posts, ${size.votes.toLocaleString("en")} votes: ${rows.toLocaleString("en")} rows in ${seconds.toFixed(1)} s, ` +
        `a ${mib(statSync(file).size / 1024)} zip; heed export's RSS peak ${mib(Math.max(...samples))}, at 25/50/75/100% of its run ${at(0.25)}/${at(0.5)}/${at(0.75)}/${at(0.999)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
