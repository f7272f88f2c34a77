import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookFigures {
  events: number;
  producedPerSecond: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Commit-to-2xx latency of webhooks: a local receiver records when each event arrives; the delay
 * is arrival time minus the event's timestamp (set when its change committed). The burst is
 * `count` post creations sent `concurrency` at a time.
 */
export async function measureWebhooks(heedUrl: string, key: string, boardId: string, count: number, concurrency = 10): Promise<WebhookFigures> {
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
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  await fetch(`${heedUrl}/v1/webhooks/endpoints`, { method: "POST", headers, body: JSON.stringify({ url, events: ["post.created"] }) });

  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        await fetch(`${heedUrl}/v1/posts`, { method: "POST", headers, body: JSON.stringify({ boardId, title: "Webhook benchmark" }) });
      }
    }),
  );
  const produced = Date.now() - started;
  const deadline = Date.now() + 60_000;
  while (arrivals.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const last = Math.max(...arrivals.values());
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  const sorted = [...delays].sort((a, b) => a - b);
  return {
    events: arrivals.size,
    producedPerSecond: (count / produced) * 1000,
    deliveredPerSecond: (arrivals.size / (last - started)) * 1000,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}
