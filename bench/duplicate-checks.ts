import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { seedWorkspace } from "../server/src/cli/seed/bulk.js";
import { checkQueuedPosts } from "../server/src/features/posts/duplicates/check.js";
import { createWorkspace } from "../server/src/features/workspace/create.js";
import { openDatabase } from "../server/src/platform/db/database.js";
import { migrateToLatest } from "../server/src/platform/db/migrate.js";
import { operatorContext } from "./context.js";

// npm run bench:duplicates: how fast the background work checks a workspace's history for
// possible duplicates, as it does once after migration 0039_check_existing_posts queued every post
// written before checks existed (and after an import). A seeded workspace's posts are all queued
// and checked in batches, as the background thread does, three times on a fresh copy each;
// prints posts a second and the time for the whole history, with the spread. Asserts nothing.

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const dir = mkdtempSync(join(tmpdir(), "heed-bench-duplicates-"));
try {
  const rates: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { db, dialect } = openDatabase(`sqlite:${join(dir, `run-${run}.db`)}`);
    await migrateToLatest(db);
    const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
    await seedWorkspace(db, { id: workspace.id, slug: workspace.slug }, { posts: POSTS, votes: POSTS, boards: 5, seed: run });
    await sql`delete from duplicate_checks`.execute(db);
    await sql`insert into duplicate_checks (post_id, workspace_id, queued_at) select id, workspace_id, created_at from posts`.execute(db);
    const { services } = await operatorContext(db, dialect, { id: workspace.id, slug: workspace.slug });
    const started = performance.now();
    let checked = 0;
    for (let taken = -1; taken !== 0; checked += taken) taken = Math.max(0, await checkQueuedPosts(services, 50));
    const seconds = (performance.now() - started) / 1000;
    const found = Number((await sql<{ n: number }>`select count(distinct post_id) as n from duplicate_suggestions`.execute(db)).rows[0]!.n);
    rates.push(checked / seconds);
    console.log(
      `run ${run}: ${checked.toLocaleString("en")} posts checked in ${seconds.toFixed(1)} s (${((seconds * 1000) / checked).toFixed(2)} ms a post); ${found.toLocaleString("en")} with a possible duplicate`,
    );
    await db.destroy();
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `duplicate checks over ${POSTS.toLocaleString("en")} seeded posts on SQLite: median ${median.toFixed(0)} posts/s (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)}) over ${RUNS} runs; 100,000 posts take about ${(100_000 / median / 60).toFixed(0)} minutes of the background thread`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
