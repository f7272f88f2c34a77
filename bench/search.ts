import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedWorkspace } from "../server/src/cli/seed/bulk.js";
import { createApiKey } from "../server/src/features/api-keys/create.js";
import { createWorkspace } from "../server/src/features/workspace/create.js";
import { openDatabase } from "../server/src/platform/db/database.js";
import { migrateToLatest } from "../server/src/platform/db/migrate.js";
import { searchableText } from "../server/src/platform/search/text.js";
import { firstResponse } from "../server/src/features/analytics/first-response.js";
import { periodOf } from "../server/src/features/analytics/period.js";
import { statusChanges } from "../server/src/features/analytics/status-changes.js";
import { topCompanies } from "../server/src/features/analytics/top-companies.js";
import { highestRevenue, mostVoted } from "../server/src/features/analytics/top-posts.js";
import { weeklyActivity } from "../server/src/features/analytics/weeks.js";
import { operatorContext } from "./context.js";
import { freshPostgresSchema } from "./prepare.js";
import { measure, type Measurement } from "./load.js";
import { startHeed } from "./servers.js";

// npm run bench:search: search on 100k posts, on SQLite and on PostgreSQL, measured as readers use
// it: 20 concurrent clients searching (GET /v1/posts?q=, ranked), and 20 typists asking the portal
// for similar ideas as a title grows. Every request is another query, so no kept answer serves it.
// Prints figures (the targets: search p50 ≤ 10 ms, p99 ≤ 50 ms; similar p99 ≤ 50 ms), and
// on the same posts the time of each of the overview's queries (target ≤ 200 ms); asserts nothing.

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 20;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** What people type: the seed's words in other forms, with typos, and words it never uses. */
const QUERIES = [
  "dark mode",
  "csv exports",
  "keyboard shortcut editor",
  "slack notifcations",
  "sso okta",
  "calendar sync on mobile",
  "offline mode for the app",
  "recurring invoice",
  "zapier integation",
  "github sync",
  "pdf report",
  "bulk edit",
  "custom field",
  "two factor login",
  "team permisions",
  "audit history admins",
  "scheduled email",
  "multi currency price",
  "public api reports",
  "saved filter dashboard",
  "spreadsheet export",
  "webhook billing event",
  "markdown comment",
  "onboarding",
];
const TYPED = ["Add dark mode to the dashboard", "Export invoices to CSV", "Slack notifications for admins", "Keyboard shortcuts in the editor"];

interface Target {
  name: string;
  databaseUrl: string;
  schema: string | undefined;
  workspace: { id: string; slug: string };
  key: string;
  slug: string;
  drop(): Promise<void>;
}

async function seeded(name: string, databaseUrl: string, schema: string | undefined, drop: () => Promise<void>): Promise<Target> {
  const { db, dialect } = openDatabase(databaseUrl, schema ? { schema } : {});
  await migrateToLatest(db);
  const workspace = await createWorkspace(db, { slug: "bench", name: "Bench" });
  const started = Date.now();
  await seedWorkspace(db, { id: workspace.id, slug: workspace.slug }, { posts: POSTS, votes: POSTS, boards: 5, seed: 1 });
  console.log(`${name}: seeded and indexed ${POSTS} posts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const ctx = await operatorContext(db, dialect, { id: workspace.id, slug: workspace.slug });
  const { key } = await createApiKey({ ctx, input: { name: "bench", scopes: ["posts:read"] } });
  await db.destroy();
  return { name, databaseUrl, schema, workspace: { id: workspace.id, slug: workspace.slug }, key, slug: workspace.slug, drop };
}

async function sqliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "heed-bench-search-"));
  return seeded("SQLite", `sqlite:${join(dir, "bench.db")}`, undefined, async () => rmSync(dir, { recursive: true, force: true }));
}

async function postgresTarget(): Promise<Target> {
  const { url, schema, drop } = await freshPostgresSchema(POSTGRES_URL);
  return seeded("PostgreSQL", url, schema, drop);
}

let turn = 0;
/** The next query, with a limit that changes too: every request misses the kept answers. */
function nextSearch(): string {
  turn++;
  return `/v1/posts?q=${encodeURIComponent(QUERIES[turn % QUERIES.length]!)}&limit=${10 + (turn % 31)}`;
}

/**
 * The cheapest read Heed answers without a kept answer: a list page (another limit each time, and a
 * parameter Heed ignores), the floor under which no search can go at the same concurrency.
 */
function nextListPage(): string {
  turn++;
  return `/v1/posts?sort=votes&limit=${10 + (turn % 31)}&n=${turn}`;
}

/** A title as it grows, three letters at a time, as the portal's script asks for it. */
function nextTyped(slug: string): string {
  turn++;
  const title = TYPED[turn % TYPED.length]!;
  const length = 3 + ((turn * 7) % (title.length - 2));
  return `/p/${slug}/similar?q=${encodeURIComponent(title.slice(0, length))}`;
}

function line(m: Measurement): string {
  return `${m.name.padEnd(44)} ${m.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms  Heed ${m.cpuPerRequest.server?.toFixed(0)} µs CPU/request${m.errors + m.non2xx > 0 ? `  (${m.errors} errors, ${m.non2xx} non-2xx)` : ""}`;
}

/**
 * The overview's queries (GET /v1/analytics/overview) on the same 100k posts, each timed alone as
 * the median of three runs (after one to warm the caches), for the default 12 weeks and a year.
 */
async function overviewTimings(target: Target): Promise<void> {
  const { db, dialect } = openDatabase(target.databaseUrl, target.schema ? { schema: target.schema } : {});
  try {
    const ctx = await operatorContext(db, dialect, target.workspace);
    const queries = { weeklyActivity, mostVoted, highestRevenue, firstResponse, statusChanges, topCompanies };
    for (const [label, period] of [
      ["12 weeks", periodOf({}, Date.now())],
      ["366 days", periodOf({ from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10) }, Date.now())],
    ] as const) {
      const figures: string[] = [];
      for (const [name, query] of Object.entries(queries)) {
        await query(db, ctx, period);
        const runs: number[] = [];
        for (let i = 0; i < 3; i++) {
          const started = performance.now();
          await query(db, ctx, period);
          runs.push(performance.now() - started);
        }
        runs.sort((a, b) => a - b);
        figures.push(`${name} ${runs[1]!.toFixed(0)} ms (${runs[0]!.toFixed(0)}–${runs[2]!.toFixed(0)})`);
      }
      console.log(`${target.name}: overview over ${label}: ${figures.join(", ")}`);
    }
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  // The text each engine is handed must be what the index holds: a smoke check before measuring.
  if (searchableText("Dark-mode, café") !== "dark mode cafe") throw new Error("searchableText changed: the index and this bench disagree");
  for (const make of [sqliteTarget, postgresTarget]) {
    const target = await make();
    const heed = await startHeed(target.databaseUrl);
    try {
      const headers = { authorization: `Bearer ${target.key}` };
      const search = await measure(`${target.name}: search, ${CLIENTS} clients`, heed.url, {
        headers,
        seconds: SECONDS,
        connections: CLIENTS,
        perRequestPath: nextSearch,
        server: heed,
      });
      const similar = await measure(`${target.name}: similar as you type, ${CLIENTS} typists`, heed.url, {
        seconds: SECONDS,
        connections: CLIENTS,
        perRequestPath: () => nextTyped(target.slug),
        server: heed,
      });
      const floor = await measure(`${target.name}: list page, no kept answer, ${CLIENTS} clients`, heed.url, {
        headers,
        seconds: SECONDS,
        connections: CLIENTS,
        perRequestPath: nextListPage,
        server: heed,
      });
      console.log(line(search));
      console.log(line(similar));
      console.log(line(floor));
      await overviewTimings(target);
    } finally {
      await heed.stop();
      await target.drop();
    }
  }
}

await main();
