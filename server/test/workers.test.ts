import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "./support/database.js";
import { startServer } from "./support/processes.js";

// WORKERS=2: one port served by two processes (node:cluster), the demo made and printed once,
// rate limits counted once across the workers, and a worker that dies replaced.

/** A GET on a connection of its own, so that node:cluster hands each to the next worker. */
function getOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    })
      .on("error", reject)
      .end();
  });
}

describe("WORKERS=2", () => {
  it("serves one port from two processes that share the rate limits, and replaces a worker that dies", async () => {
    const database = await freshDatabase();
    try {
      const server = await startServer(database.url, { SEED_DEMO: "1", WORKERS: "2", RATE_LIMIT_PER_MINUTE: "6", LOG_LEVEL: "info" });
      try {
        const banner = server.stdout();
        const key = /secret API key \(full access\): (heed_sk_\w+)/.exec(banner)?.[1];
        expect(key, banner).toBeDefined();
        // Both workers say they listen (the primary waited for neither before /health answered).
        await expect.poll(() => server.stderr().match(/"heed listening"/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);

        // Six requests a minute for this key, whichever worker takes each connection.
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) statuses.push(await getOnNewConnection(`${server.url}/v1/boards`, { authorization: `Bearer ${key}` }));
        expect(statuses.filter((s) => s === 200)).toHaveLength(6);
        expect(statuses.filter((s) => s === 429)).toHaveLength(4);

        // A worker killed from outside is replaced, and the port keeps answering meanwhile.
        const workerPids = [...server.stderr().matchAll(/"worker":(\d+)/g)].map((m) => Number(m[1]));
        expect(new Set(workerPids).size).toBe(2);
        process.kill(workerPids[0]!, "SIGKILL");
        await expect.poll(() => new Set([...server.stderr().matchAll(/"worker":(\d+)/g)].map((m) => m[1])).size, { timeout: 10_000 }).toBe(3);
        for (let i = 0; i < 4; i++) expect(await getOnNewConnection(`${server.url}/health`, {})).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  });
});
