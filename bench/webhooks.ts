import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { percentile } from "./load.js";

export interface WebhookFigures {
  /** Events made: writes answered 201. */
  produced: number;
  /** Writes that failed or outlasted their timeout, and the first such failure. */
  failedWrites: number;
  firstFailure?: string;
  /** The writes' own latency, as the writer saw it, in ms. */
  writeP99: number;
  events: number;
  producedPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
}

/** Bounds every request of the burst, and the wait for its deliveries, in time. */
const REQUEST_TIMEOUT_MS = 15_000;
const DELIVERY_DEADLINE_MS = 60_000;

/** Sends one request and fails on a refusal, rather than counting what never happened. */
async function send(url: string, init: RequestInit): Promise<string> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** How events are made: a burst as fast as 10 writers go, or a steady rate for a time. */
export type Production = { kind: "burst"; count: number } | { kind: "rate"; perSecond: number; seconds: number };

/** Most writes in flight at the steady rate: a server that falls behind is measured, not buried. */
const MAX_IN_FLIGHT = 200;

/**
 * Commit-to-2xx latency of webhooks: a local receiver records when each event arrives; the delay
 * is arrival time minus the event's timestamp (set when its change committed). Each event is one
 * post creation, sent as `production` says.
 */
export async function measureWebhooks(heedUrl: string, key: string, boardId: string, production: Production): Promise<WebhookFigures> {
  const arrivals = new Map<string, number>();
  const delays: number[] = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const id = String(req.headers["webhook-id"]);
      if (!arrivals.has(id)) {
        arrivals.set(id, Date.now());
        delays.push(Date.now() - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  let endpoint: string | undefined;
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const created = await send(`${heedUrl}/v1/webhooks/endpoints`, { method: "POST", headers, body: JSON.stringify({ url, events: ["post.created"] }) });
    endpoint = (JSON.parse(created) as { id: string }).id;
    const writeTimes: number[] = [];
    const write = async () => {
      const sentAt = Date.now();
      await send(`${heedUrl}/v1/posts`, { method: "POST", headers, body: JSON.stringify({ boardId, title: "Webhook benchmark" }) });
      writeTimes.push(Date.now() - sentAt);
    };

    let failedWrites = 0;
    let firstFailure: string | undefined;
    let unsent = 0;
    const started = Date.now();
    const count = production.kind === "burst" ? production.count : production.perSecond * production.seconds;
    if (production.kind === "burst") {
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < count) {
            next++;
            await write();
          }
        }),
      );
    } else {
      // Open loop: every 10 ms, the writes that are due by now, whether earlier ones answered or not.
      // A write that fails or outlasts its timeout is counted and the run goes on: a server that
      // cannot keep up is measured as such. Bounded in time as in count: nothing new is sent after
      // the planned time and one timeout more.
      const inFlight = new Set<Promise<void>>();
      const stopSendingAt = started + production.seconds * 1000 + REQUEST_TIMEOUT_MS;
      let sent = 0;
      while (sent < count && Date.now() < stopSendingAt) {
        const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * production.perSecond));
        while (sent < due && inFlight.size < MAX_IN_FLIGHT) {
          const n = ++sent;
          const request = write()
            .catch((error: Error) => {
              failedWrites++;
              firstFailure ??= `write ${n} of ${count}: ${error.message}`;
            })
            .finally(() => inFlight.delete(request));
          inFlight.add(request);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all(inFlight);
      unsent = count - sent;
    }
    const produced = Date.now() - started;
    const made = count - failedWrites - unsent;
    const deadline = Date.now() + DELIVERY_DEADLINE_MS;
    while (arrivals.size < made && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const last = arrivals.size > 0 ? Math.max(...arrivals.values()) : Date.now();
    const sorted = [...delays].sort((a, b) => a - b);
    if (unsent > 0) firstFailure ??= `${unsent} writes not sent in time`;
    return {
      produced: made,
      failedWrites: failedWrites + unsent,
      firstFailure,
      writeP99: percentile(
        writeTimes.sort((a, b) => a - b),
        99,
      ),
      events: arrivals.size,
      producedPerSecond: (made / produced) * 1000,
      deliveredPerSecond: (arrivals.size / (last - started)) * 1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    };
  } finally {
    // The next run measures one endpoint too, not this one's deliveries to a closed receiver.
    if (endpoint) await send(`${heedUrl}/v1/webhooks/endpoints/${endpoint}`, { method: "DELETE", headers }).catch(() => undefined);
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
