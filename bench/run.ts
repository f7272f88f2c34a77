import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { createRateLimiter } from "../server/src/platform/ratelimit/limiter.js";
import { measureDashboard } from "./dashboard.js";
import { measureWire, printWire } from "./wire.js";
import { measure, type Measurement } from "./load.js";
import { timePage } from "./portal.js";
import { type Seeded, type SeedSize, seedPostgres, seedSqlite } from "./prepare.js";
import { cursorsOf, type ReadRound, readRound } from "./reads.js";
import { ROOT, startBare, startHeed } from "./servers.js";
import { measureNotifications, type NotificationFigures } from "./notifications.js";
import { medianMeasurement, printDatabaseRatio, printReadTable } from "./summary.js";
import { measureWebhooks } from "./webhooks.js";

// npm run bench: seeds a database, starts Heed and bare node:http servers, and measures them in one
// run so the ratios compare like with like on this machine. Prints figures; asserts nothing.
// First the read targets, ROUNDS times on SQLite and then on PostgreSQL, each Heed answer beside a
// bare server sending the same bytes; then the rest once on SQLite; then the search and import
// benches (bench/search.ts, bench/import.ts).

const SIZE: SeedSize = {
  posts: Number(process.env.BENCH_POSTS ?? 100_000),
  votes: Number(process.env.BENCH_VOTES ?? 1_000_000),
  notifyVoters: Number(process.env.BENCH_NOTIFY_VOTERS ?? 10_000),
};
const POSTS = SIZE.posts;
const NOTIFY_VOTERS = SIZE.notifyVoters;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const DEEP = Math.min(50_000, Math.floor(POSTS / 2));
const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
const WEBHOOK_RATE = 500;
const WEBHOOK_SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 20);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// BENCH_ONLY=reads: the read targets alone, on both databases. =notifications: only the
// notification mail figure (three runs of it take minutes, not an hour). =wire: only the bytes a
// browser receives (the dashboard's first load, the widget, the reference).
const ONLY = process.env.BENCH_ONLY;
// BENCH_DATABASES=sqlite: the read targets on SQLite alone (the default is both).
const DATABASES = (process.env.BENCH_DATABASES ?? "sqlite,postgres").split(",");

/** The read targets, ROUNDS times with a fresh Heed each, printed as medians with their spread. */
async function readRounds(seeded: Seeded): Promise<ReadRound[]> {
  const rounds: ReadRound[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    console.error(`${seeded.name}: read round ${i + 1} of ${ROUNDS}`);
    rounds.push(await readRound(seeded, { seconds: SECONDS, connections: CONNECTIONS }));
  }
  printReadTable(
    seeded.name,
    rounds,
    `${CONNECTIONS} connections, ${SECONDS} s per target after 2 s of warm-up, ${POSTS.toLocaleString("en")} posts, Node ${process.version}`,
  );
  return rounds;
}

/** Another bench of this repository, its output printed as part of this one. */
function runBench(script: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve) => {
    console.log(`\n${script}:`);
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "inherit"] });
    child.once("exit", (code) => {
      if (code !== 0) console.log(`${script} exited with ${code}`);
      resolve();
    });
  });
}

/** The bench's team member sets a password by accepting the invite, as a person does. */
async function acceptBenchInvite(url: string, inviteToken: string): Promise<string | Error> {
  const password = "bench-password-1";
  const accepted = await fetch(`${url}/v1/auth/invites/${inviteToken}/accept`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ name: "Bench", password }),
  });
  return accepted.ok ? password : new Error(`invite ${accepted.status}`);
}

/** A row of the table: figures, share of bare node:http, and its target when it has one. */
function row(m: Measurement, bare: Measurement, target?: number, refusals = false): string {
  const share = m.requestsPerSecond / bare.requestsPerSecond;
  const verdict =
    target === undefined ? "" : share >= target ? `≥ ${target * 100}%: met` : `≥ ${target * 100}%: missed by ${((target - share) * 100).toFixed(1)} points`;
  const unexpected = refusals ? m.errors : m.errors + m.non2xx;
  const cells = [
    m.name.padEnd(34),
    m.requestsPerSecond.toFixed(0).padStart(8),
    `${m.p50} ms`.padStart(8),
    `${m.p99} ms`.padStart(8),
    `${m.firstResponseMax} ms`.padStart(9),
    `${(share * 100).toFixed(1)}%`.padStart(9),
    `  ${verdict}`,
    unexpected > 0 ? `  (${m.errors} errors, ${m.non2xx} non-2xx)` : "",
  ];
  return cells.join("  ");
}

/**
 * Why WORKERS can or cannot double a target on this machine: the load generator shares the cores.
 * With CPU per request h (Heed) and a (load generator), the cores serve at most cores / (h + a)
 * requests a second, whatever Heed does with its processes.
 */
function coresBound(name: string, one: Measurement, workers: Measurement): string {
  const cpu = (m: Measurement) => `Heed ${m.cpuPerRequest.server?.toFixed(0)} µs + load ${m.cpuPerRequest.load.toFixed(0)} µs`;
  const h = one.cpuPerRequest.server ?? NaN;
  const ceiling = (availableParallelism() * 1e6) / (h + one.cpuPerRequest.load);
  return `CPU per request, ${name}: one process ${cpu(one)}, WORKERS=2 ${cpu(workers)}; ${availableParallelism()} cores shared with the load generator serve at most ${ceiling.toFixed(0)} req/s at one process's cost, ${(ceiling / one.requestsPerSecond).toFixed(2)}× one process`;
}

/** The notification figure, printed. */
function printNotifications(n: NotificationFigures | Error): void {
  if (n instanceof Error) {
    console.log(`Notification mail: not measured (${n.message})`);
    return;
  }
  console.log(
    `Notification mail: a status change told to ${n.voters.toLocaleString("en")} voters (window 0, ${n.concurrency} SMTP connections, sink in its own process): ${n.received.toLocaleString("en")} mails, ${n.repeatedRecipients} recipients mailed twice, ${n.repeatedMessageIds} Message-IDs repeated; last one ${(n.toLastMs / 1000).toFixed(1)} s after the change (target ≤ 60 s), ${n.mailsPerSecond.toFixed(0)} mails/s`,
  );
  console.log(
    `Kept reads (page 1) meanwhile: ${n.readsDuring.requestsPerSecond.toFixed(0)} req/s, p99 ${n.readsDuring.p99} ms, against ${n.readsBefore.requestsPerSecond.toFixed(0)} req/s, p99 ${n.readsBefore.p99} ms just before: ${((n.readsDuring.requestsPerSecond / n.readsBefore.requestsPerSecond) * 100).toFixed(0)}% (target ≥ 90%); ${n.receivedDuringReads.toLocaleString("en")} mails had gone out when those reads ended. The sink took ${n.sinkCpuPerMail.toFixed(0)} µs of CPU a mail`,
  );
}

async function main(): Promise<void> {
  const sqlite = await seedSqlite(SIZE);
  const { key, writer, boardId, boardSlug, publicKey, inviteToken, notify, databaseUrl } = sqlite;
  const notificationTarget = { ...notify, writer, readKey: key, voters: NOTIFY_VOTERS };
  if (ONLY === "notifications") {
    printNotifications(
      await measureNotifications(databaseUrl, notificationTarget, { seconds: SECONDS, connections: CONNECTIONS }).catch((error: Error) => error),
    );
    return;
  }
  if (ONLY === "wire") {
    const heed = await startHeed(databaseUrl);
    const password = await acceptBenchInvite(heed.url, inviteToken);
    printWire(password instanceof Error ? password : await measureWire(heed.url, "bench@example.com", password).catch((error: Error) => error));
    await heed.stop();
    return;
  }
  const sqliteRounds = DATABASES.includes("sqlite") || !DATABASES.includes("postgres") ? await readRounds(sqlite) : [];
  if (DATABASES.includes("postgres")) {
    const postgres = await seedPostgres(POSTGRES_URL, SIZE);
    try {
      const postgresRounds = await readRounds(postgres);
      if (sqliteRounds.length) printDatabaseRatio(sqliteRounds, postgresRounds);
    } finally {
      await postgres.drop();
    }
  }
  if (ONLY === "reads" || sqliteRounds.length === 0) return;

  // The rest, once, on SQLite, against the 11-byte bare server.
  const headers = { authorization: `Bearer ${key}` };
  const bareServer = await startBare();
  const bare = await measure("bare node:http", bareServer.url, { seconds: SECONDS, connections: CONNECTIONS });
  await bareServer.stop();

  const heed = await startHeed(databaseUrl);
  const cursors = await cursorsOf(heed.url, headers, Math.ceil(DEEP / 20));
  const deepCursor = cursors.at(-1)!;
  const load = { headers, seconds: SECONDS, connections: CONNECTIONS };
  const plain = { seconds: SECONDS, connections: CONNECTIONS };
  const health = await measure("GET /health", `${heed.url}/health`, plain);
  const noKey = await measure("GET /v1/posts, no key (401)", `${heed.url}/v1/posts?sort=votes&limit=20`, plain);
  const page1 = medianMeasurement(sqliteRounds, "page 1, kept (a write/s)");
  const uncached = medianMeasurement(sqliteRounds, "another cursor each request");
  const deep = await measure(
    `page 1 at a cursor ${DEEP.toLocaleString("en")} deep`,
    `${heed.url}/v1/posts?sort=votes&limit=20&cursor=${encodeURIComponent(deepCursor)}`,
    load,
  );
  // As the read rounds ask for it: a random cursor of the walk, and a parameter that defeats kept answers.
  let request = 0;
  const uncachedLoad = {
    ...load,
    perRequestPath: () => `/v1/posts?sort=votes&limit=20&cursor=${encodeURIComponent(cursors[Math.floor(Math.random() * cursors.length)]!)}&n=${request++}`,
  };
  // The portal's board page, server-rendered: one reader's render time.
  const boardTiming = await timePage(`${heed.url}/p/bench/b/${boardSlug}`);
  const customer = { "x-service-public-key": publicKey };
  const trackLoad = (size: number) => ({
    seconds: Math.min(SECONDS, 5),
    connections: CONNECTIONS,
    method: "POST" as const,
    headers: { ...customer, "content-type": "application/json" },
    body: JSON.stringify({
      batch: Array.from({ length: size }, (_, i) => ({ event: `feature.used.${i % 10}`, anonymousId: `visitor-${i}`, properties: { plan: "pro", seats: i } })),
    }),
  });
  const track1 = await measure("POST /v1/track, batch of 1", `${heed.url}/v1/track`, trackLoad(1));
  const track100 = await measure("POST /v1/track, batch of 100", `${heed.url}/v1/track`, trackLoad(100));

  // The request-guarantee layers: idempotency on writes, and rate-limit counters in Redis.
  const writeLoad = {
    seconds: Math.min(SECONDS, 5),
    connections: CONNECTIONS,
    method: "POST" as const,
    headers: { authorization: `Bearer ${writer}`, "content-type": "application/json" },
    body: JSON.stringify({ boardId, title: "Benchmark post", body: "Written under load." }),
  };
  const plainWrite = await measure("POST /v1/posts", `${heed.url}/v1/posts`, writeLoad);
  const idempotentWrite = await measure("POST /v1/posts + Idempotency-Key", `${heed.url}/v1/posts`, {
    ...writeLoad,
    perRequestHeaders: () => ({ "idempotency-key": randomUUID() }),
  });
  // The dashboard's inbox in Chromium, against the same server and data, and the bytes it receives.
  const password = await acceptBenchInvite(heed.url, inviteToken);
  const dashboard = password instanceof Error ? password : await measureDashboard(heed.url, "bench@example.com", password).catch((error: Error) => error);
  const wire = password instanceof Error ? password : await measureWire(heed.url, "bench@example.com", password).catch((error: Error) => error);
  const memory = heed.memory();
  await heed.stop();
  // Only against a Redis that answers: otherwise the server would count in memory (its fallback)
  // and the row would compare memory with memory under the Redis label.
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const probe = createRateLimiter({ redisUrl, windowSeconds: 60 });
  const redisUp = await probe.ready(2000);
  await probe.close();
  let redisPage: Measurement | undefined;
  if (redisUp) {
    const redisHeed = await startHeed(databaseUrl, { REDIS_URL: redisUrl });
    redisPage = await measure("… page 1, rate limits in Redis", `${redisHeed.url}/v1/posts?sort=votes&limit=20`, load);
    await redisHeed.stop();
  }
  // Both cores: WORKERS=2, page 1 again (the load generator runs on the same two cores).
  const workersHeed = await startHeed(databaseUrl, { WORKERS: "2" });
  const workersPage = await measure("… page 1, WORKERS=2", `${workersHeed.url}/v1/posts?sort=votes&limit=20`, { ...load, server: workersHeed });
  // And a list that costs the server more per request than the load generator: there the cores go to Heed.
  const workersUncached = await measure("… another cursor, WORKERS=2", `${workersHeed.url}/v1/posts`, { ...uncachedLoad, server: workersHeed });
  await workersHeed.stop();
  // Webhooks: commit to a 2xx at a local receiver, for a burst of events.
  const hookHeed = await startHeed(databaseUrl, { WEBHOOKS_ALLOW_PRIVATE: "1" });
  // A server that cannot keep up fails its writes: that is a figure too, not the end of the run.
  const hooks = await measureWebhooks(hookHeed.url, writer, boardId, { kind: "burst", count: WEBHOOK_EVENTS }).catch((error: Error) => error);
  const steady = await measureWebhooks(hookHeed.url, writer, boardId, { kind: "rate", perSecond: WEBHOOK_RATE, seconds: WEBHOOK_SECONDS }).catch(
    (error: Error) => error,
  );
  await hookHeed.stop();
  const notifications = await measureNotifications(databaseUrl, notificationTarget, { seconds: SECONDS, connections: CONNECTIONS }).catch(
    (error: Error) => error,
  );

  console.log(
    `\nThe rest, once: ${CONNECTIONS} connections, ${SECONDS} s per read target (writes ${writeLoad.seconds} s), SQLite, against the 11-byte bare server\n`,
  );
  console.log(["target".padEnd(34), "req/s".padStart(8), "p50".padStart(8), "p99".padStart(8), "1st max".padStart(9), "vs bare".padStart(9)].join("  "));
  const rows: [Measurement | undefined, number?, boolean?][] = [
    [bare],
    [health, 0.6],
    [noKey, 0.5, true],
    [deep],
    [track1],
    [track100],
    [plainWrite],
    [idempotentWrite],
    [redisPage],
    [workersPage],
    [workersUncached],
  ];
  for (const [m, target, refusals] of rows) if (m) console.log(row(m, bare, target, refusals));
  const share = (a: Measurement, b: Measurement) => `${((a.requestsPerSecond / b.requestsPerSecond) * 100).toFixed(0)}%`;
  console.log(
    `\nTracked events per second: ${(track1.requestsPerSecond * 1).toFixed(0)} in batches of 1, ${(track100.requestsPerSecond * 100).toFixed(0)} in batches of 100`,
  );
  console.log(`Idempotency-Key on POST: ${share(idempotentWrite, plainWrite)} of the throughput without it (target ≥ 85%)`);
  console.log(`WORKERS=2 on GET page 1: ${(workersPage.requestsPerSecond / page1.requestsPerSecond).toFixed(2)}× one process (target ≥ 1.7×)`);
  console.log(`WORKERS=2 on the list no kept answer serves: ${(workersUncached.requestsPerSecond / uncached.requestsPerSecond).toFixed(2)}× one process`);
  console.log(coresBound("page 1", page1, workersPage));
  console.log(coresBound("the uncached list", uncached, workersUncached));
  console.log(
    redisPage
      ? `Redis counters on GET page 1: ${share(redisPage, page1)} of the throughput with memory counters`
      : `Redis counters: not measured (${redisUrl} did not answer)`,
  );
  console.log(
    hooks instanceof Error
      ? `Webhooks, a burst: not measured (${hooks.message})`
      : `Webhooks, a burst: ${hooks.events} of ${WEBHOOK_EVENTS} events delivered; produced at ${hooks.producedPerSecond.toFixed(0)}/s, delivered at ${hooks.deliveredPerSecond.toFixed(0)}/s; commit-to-2xx p50 ${hooks.p50} ms, p99 ${hooks.p99} ms`,
  );
  console.log(
    steady instanceof Error
      ? `Webhooks, ${WEBHOOK_RATE}/s for ${WEBHOOK_SECONDS} s: not measured (${steady.message})`
      : `Webhooks, ${WEBHOOK_RATE}/s asked for ${WEBHOOK_SECONDS} s: ${steady.produced} events made, ${steady.events} delivered; produced at ${steady.producedPerSecond.toFixed(0)}/s, delivered at ${steady.deliveredPerSecond.toFixed(0)}/s; commit-to-2xx p50 ${steady.p50} ms, p99 ${steady.p99} ms (target p99 ≤ 1000 ms); the writes' p99 ${steady.writeP99} ms${steady.failedWrites > 0 ? `, ${steady.failedWrites} writes failed (first: ${steady.firstFailure})` : ""}`,
  );
  printNotifications(notifications);
  console.log("\np50/p99 leave out each connection's first response; '1st max' is the slowest of those (new connections wait for the accept)");
  console.log(
    `deep page p50 / page 1 p50: ${(deep.p50 / Math.max(page1.p50, 1)).toFixed(2)}×  (mean latency ratio ${(page1.requestsPerSecond / deep.requestsPerSecond).toFixed(2)}×; target within 1.3×)`,
  );
  console.log(
    `Portal board page (${(boardTiming.bytes / 1024).toFixed(1)} KB of HTML), one request at a time: p50 ${boardTiming.p50} ms, p99 ${boardTiming.p99} ms`,
  );
  if (dashboard instanceof Error) console.log(`Dashboard inbox: not measured (${dashboard.message})`);
  else {
    const sorted = [...dashboard.warmMs].sort((a, b) => a - b);
    console.log(
      `Dashboard inbox, first page of posts on screen after navigation: ${dashboard.coldMs} ms cold, ${sorted[Math.floor(sorted.length / 2)]} ms warm (median of ${sorted.length}: ${sorted.join(", ")} ms)`,
    );
  }
  printWire(wire);
  console.log(
    `Heed RSS after the whole bench's loads on one process: ${memory.rssMiB.toFixed(0)} MiB (peak ${memory.peakMiB.toFixed(0)} MiB; target ≤ 200 MB, ${(200e6 / 2 ** 20).toFixed(0)} MiB)`,
  );
  await sqlite.drop();
  // The figures of search and import, from their own benches, on their own seeds.
  if (process.env.BENCH_SKIP_OTHERS !== "1") {
    await runBench("bench/search.ts");
    await runBench("bench/import.ts");
  }
}

await main();
