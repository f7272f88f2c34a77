import cluster from "node:cluster";
import { createRateLimiter } from "../../src/platform/ratelimit/limiter.js";

// A node:cluster primary that keeps no rate-limit counts (no RateLimiterClusterMaster): what a
// primary too busy to answer looks like to its worker. The worker counts two requests against a
// limit of one and the primary prints, as one JSON line, what was decided and how long each took.
if (cluster.isPrimary) {
  const worker = cluster.fork();
  worker.on("message", (message: { decided?: unknown }) => {
    // The worker's rate limiter greets the primary on the same channel: only the result is printed.
    if (!message.decided) return;
    process.stdout.write(`${JSON.stringify(message.decided)}\n`);
    worker.kill();
  });
} else {
  const limiter = createRateLimiter({ clusterWorkers: 2, windowSeconds: 60 });
  const started = Date.now();
  const first = await limiter.consume("ip:127.0.0.1", 1);
  const firstMs = Date.now() - started;
  const second = await limiter.consume("ip:127.0.0.1", 1);
  process.send?.({ decided: { first: first.allowed, firstMs, second: second.allowed, secondMs: Date.now() - started - firstMs } });
}
