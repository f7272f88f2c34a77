import { generateKey } from "../server/src/platform/lib/secret-keys.js";
import { measure, type LoadOptions, type Measurement } from "./load.js";
import type { Seeded } from "./prepare.js";
import { answerBytes, captureAnswer, startSameBytes } from "./same-bytes.js";
import { type Running, startBare, startHeed } from "./servers.js";
import { TRACES_ON, withTraces } from "./traces.js";

// One round of the read targets against one database: each Heed answer measured beside
// a bare node:http server sending the same bytes, in the same round, warmed the same way. run.ts
// runs several rounds (a fresh Heed each) and prints the median and the spread of each figure.

export interface ReadFigure {
  heed: Measurement;
  /** The same-bytes bare server's figures for this answer; absent where the yardstick is the 11-byte one. */
  bare?: Measurement;
  /** The size of Heed's answer on the wire (headers and body). */
  bytes: number;
}

export interface ReadRound {
  figures: Map<string, ReadFigure>;
  /** Posts written (one a second) while page 1 was read. */
  writes: number;
  /** Heed's resident memory after the round's loads, in MiB: what it holds as it runs. */
  rssMiB: number;
}

/** Page 1 again on a Heed with METRICS_TOKEN set: every request timed, for the cost of metrics (summary.ts). */
export const METRICS_ON = "page 1, kept, metrics on";

/** The targets, in the order printed, each with the share of its yardstick it must reach. */
export const READ_TARGETS = [
  { name: "bare node:http, 11 bytes" },
  { name: "unknown key (401)", share: 0.5, yardstick: "11-byte" },
  { name: "page 1, kept (a write/s)", share: 0.6 },
  { name: "a post by id, kept", share: 0.6 },
  { name: "portal list, kept", share: 0.6 },
  { name: "portal board page (HTML)", share: 0.5 },
  { name: "another cursor each request", cpuMicros: 250 },
  { name: METRICS_ON },
  { name: TRACES_ON },
] as const;

export type ReadTargetName = (typeof READ_TARGETS)[number]["name"];

/** Follows nextCursor, 20 posts a page, for `pages` pages; every cursor on the way. */
export async function cursorsOf(url: string, headers: Record<string, string>, pages: number): Promise<string[]> {
  const cursors: string[] = [];
  let cursor = "";
  for (let i = 0; i < pages; i++) {
    const page = await (await fetch(`${url}/v1/posts?sort=votes&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { headers })).json();
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  return cursors;
}

/** Posts one change to the workspace every second while `during` runs: kept answers must follow. */
export async function whileWriting<T>(url: string, key: string, boardId: string, during: () => Promise<T>): Promise<{ result: T; writes: number }> {
  let writes = 0;
  const timer = setInterval(() => {
    fetch(`${url}/v1/posts`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ boardId, title: "Written during the read benchmark" }),
    }).then((res) => res.ok && writes++);
  }, 1000);
  try {
    return { result: await during(), writes };
  } finally {
    clearInterval(timer);
  }
}

/** Heed's answer at `path`, then the same bytes from a bare server, under the same load. */
type Around = (measured: () => Promise<Measurement>) => Promise<Measurement>;

async function beside(heed: Running, name: string, path: string, load: LoadOptions, during: Around = (f) => f()): Promise<ReadFigure> {
  const answer = await captureAnswer(`${heed.url}${path}`, load.headers);
  if (answer.status >= 300 && answer.status !== 401) throw new Error(`${name}: ${path} answered ${answer.status}`);
  const heedFigure = await during(() => measure(name, `${heed.url}${path}`, { ...load, server: heed }));
  const twin = await startSameBytes(answer);
  try {
    const bare = await measure(`${name}, same bytes bare`, `${twin.url}${path}`, { ...load, server: twin });
    return { heed: heedFigure, bare, bytes: answerBytes(answer) };
  } finally {
    await twin.stop();
  }
}

/**
 * Page 1, kept, under the same load and writes, on a Heed of its own with metrics on, measured right
 * after the same figure with them off. A scrape afterwards checks that every request was counted.
 */
async function withMetrics(seeded: Seeded, load: LoadOptions): Promise<ReadFigure> {
  const token = "bench-metrics-token-0123456789";
  const heed = await startHeed(seeded.databaseUrl, { METRICS_TOKEN: token });
  try {
    const list = "/v1/posts?sort=votes&limit=20";
    const measured = (await whileWriting(heed.url, seeded.writer, seeded.boardId, () => measure(METRICS_ON, `${heed.url}${list}`, { ...load, server: heed })))
      .result;
    const scraped = await (await fetch(`${heed.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const counted = [
      ...scraped.matchAll(/^heed_http_request_duration_seconds_count\{operation="(?:listPosts|front-door:kept)",method="GET",status="2xx"\} (\d+)$/gm),
    ];
    const requests = counted.reduce((sum, [, n]) => sum + Number(n), 0);
    // The warm-up's reads are counted too: the measured ones alone are a lower bound.
    const made = measured.requestsPerSecond * load.seconds * 0.95;
    if (requests < made) throw new Error(`${METRICS_ON}: /metrics counted ${requests} reads of page 1, the load made about ${made.toFixed(0)}`);
    return { heed: measured, bytes: NaN };
  } finally {
    await heed.stop();
  }
}

export async function readRound(seeded: Seeded, options: { seconds: number; connections: number }): Promise<ReadRound> {
  const figures = new Map<string, ReadFigure>();
  const plain = { seconds: options.seconds, connections: options.connections };
  const bareServer = await startBare();
  try {
    figures.set("bare node:http, 11 bytes", { heed: await measure("bare node:http", bareServer.url, { ...plain, server: bareServer }), bytes: 11 });
  } finally {
    await bareServer.stop();
  }
  const heed = await startHeed(seeded.databaseUrl);
  try {
    const headers = { authorization: `Bearer ${seeded.key}` };
    const load = { ...plain, headers };
    const list = "/v1/posts?sort=votes&limit=20";
    const firstPage = await (await fetch(`${heed.url}${list}`, { headers })).json();

    const unknownKey = { ...plain, headers: { authorization: `Bearer ${generateKey("sk")}` } };
    const refusal = await captureAnswer(`${heed.url}${list}`, unknownKey.headers);
    figures.set("unknown key (401)", {
      heed: await measure("unknown key (401)", `${heed.url}${list}`, { ...unknownKey, server: heed }),
      bytes: answerBytes(refusal),
    });
    let writes = 0;
    figures.set(
      "page 1, kept (a write/s)",
      await beside(heed, "page 1, kept (a write/s)", list, load, async (f) => {
        const written = await whileWriting(heed.url, seeded.writer, seeded.boardId, f);
        writes = written.writes;
        return written.result;
      }),
    );
    figures.set(METRICS_ON, await withMetrics(seeded, load));
    if (process.env.BENCH_TRACES === "1") {
      const writing = async (url: string, measured: () => Promise<Measurement>) => (await whileWriting(url, seeded.writer, seeded.boardId, measured)).result;
      figures.set(TRACES_ON, await withTraces(seeded, load, writing));
    }
    figures.set("a post by id, kept", await beside(heed, "a post by id, kept", `/v1/posts/${firstPage.data[0].id}`, load));
    const customer = { ...plain, headers: { "x-service-public-key": seeded.publicKey } };
    figures.set("portal list, kept", await beside(heed, "portal list, kept", "/v1/portal/posts?sort=votes&limit=20", customer));
    figures.set("portal board page (HTML)", await beside(heed, "portal board page (HTML)", `/p/bench/b/${seeded.boardSlug}`, plain));

    // No two requests alike: a random cursor of the first 500 pages, and a parameter Heed ignores
    // but a kept answer is keyed by (the whole URL), as a client that busts caches sends.
    const cursors = await cursorsOf(heed.url, headers, 500);
    let request = 0;
    const uncached = await measure("another cursor each request", `${heed.url}/v1/posts`, {
      ...load,
      server: heed,
      perRequestPath: () => `${list}&cursor=${encodeURIComponent(cursors[Math.floor(Math.random() * cursors.length)]!)}&n=${request++}`,
    });
    figures.set("another cursor each request", { heed: uncached, bytes: NaN });
    return { figures, writes, rssMiB: heed.memory().rssMiB };
  } finally {
    await heed.stop();
  }
}
