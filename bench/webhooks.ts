import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { percentile } from "./load.js";

export interface WebhookFigures {
  events: number;
  producedPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
}

/** Bounds every request of the burst, and the wait for its deliveries, in time. */
const REQUEST_TIMEOUT_MS = 15_000;
const DELIVERY_DEADLINE_MS = 60_000;

/** Sends one request and fails the benchmark on a refusal, rather than counting what never happened. */
async function send(url: string, init: RequestInit): Promise<void> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method} ${url}: ${res.status} ${text.slice(0, 200)}`);
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
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    await send(`${heedUrl}/v1/webhooks/endpoints`, { method: "POST", headers, body: JSON.stringify({ url, events: ["post.created"] }) });
    const write = () => send(`${heedUrl}/v1/posts`, { method: "POST", headers, body: JSON.stringify({ boardId, title: "Webhook benchmark" }) });

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
      // The first write that fails (or outlasts its timeout) ends the run: a server that cannot
      // keep up with the rate is reported as such, not left with unhandled rejections.
      const inFlight = new Set<Promise<void>>();
      let failure: Error | undefined;
      let sent = 0;
      while (sent < count && !failure) {
        const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * production.perSecond));
        while (sent < due && inFlight.size < MAX_IN_FLIGHT) {
          const n = ++sent;
          const request = write()
            .catch((error: Error) => {
              failure ??= new Error(`write ${n} of ${count} at ${production.perSecond}/s failed: ${error.message}`);
            })
            .finally(() => inFlight.delete(request));
          inFlight.add(request);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      await Promise.all(inFlight);
      if (failure) throw failure;
    }
    const produced = Date.now() - started;
    const deadline = Date.now() + DELIVERY_DEADLINE_MS;
    while (arrivals.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const last = arrivals.size > 0 ? Math.max(...arrivals.values()) : Date.now();
    const sorted = [...delays].sort((a, b) => a - b);
    return {
      events: arrivals.size,
      producedPerSecond: (count / produced) * 1000,
      deliveredPerSecond: (arrivals.size / (last - started)) * 1000,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    };
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
