import { Agent, request } from "node:http";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/support/database.js";
import { startServer } from "../../../test/support/processes.js";

// WORKERS=2: one port served by two processes (node:cluster), the demo made and printed once,
// rate limits counted once across the workers, and a worker that dies replaced.

/** A GET on a connection of its own, so that node:cluster hands each to the next worker. */
function getOnNewConnection(url: string, headers: Record<string, string>): Promise<number> {
  return answerOf(url, headers, false).then((answer) => answer.status);
}

/** A GET on `agent`'s connection (one kept-alive connection stays with one worker), or a new one. */
function answerOf(url: string, headers: Record<string, string>, agent: Agent | false): Promise<{ status: number; remaining: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, remaining: Number(res.headers["x-ratelimit-remaining"]) }));
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

  it("serves exactly the limit when the workers take the counts in batches", async () => {
    // Workers lease a bucket's requests from the primary (platform/ratelimit/leases.ts): far from the limit
    // in batches, near it one by one; no order of requests may serve more than the limit, or fewer.
    const database = await freshDatabase();
    try {
      const server = await startServer(database.url, { SEED_DEMO: "1", WORKERS: "2", RATE_LIMIT_PER_MINUTE: "300" });
      try {
        const admin = /secret API key \(full access\): (heed_sk_\w+)/.exec(server.stdout())?.[1];
        expect(admin).toBeDefined();
        const boards = `${server.url}/v1/boards`;
        // A key for each part, each with its own count of 300 a minute.
        const newKey = async () => {
          const created = await fetch(`${server.url}/v1/api-keys`, {
            method: "POST",
            headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
            body: JSON.stringify({ name: "leases", scopes: ["boards:read"] }),
          });
          expect(created.status).toBe(201);
          return ((await created.json()) as { key: string }).key;
        };
        const [alternatingKey, key] = [await newKey(), await newKey()];

        // Alternating connections: both workers spend their leases turn by turn.
        const alternating = [];
        for (let i = 0; i < 330; i++) alternating.push(await answerOf(boards, { authorization: `Bearer ${alternatingKey}` }, false));
        expect(alternating.filter((a) => a.status === 200)).toHaveLength(300);
        expect(alternating.slice(300).every((a) => a.status === 429 && a.remaining === 0)).toBe(true);
        expect(alternating.slice(0, 300).every((a) => a.remaining >= 0 && a.remaining < 300)).toBe(true);

        // One worker leases early, the other spends most of the window, then the first comes back
        // knowing more is left than is: its lease is refused, and it must still get the last ones.
        const [first, second] = [new Agent({ keepAlive: true, maxSockets: 1 }), new Agent({ keepAlive: true, maxSockets: 1 })];
        const auth = { authorization: `Bearer ${key}` };
        try {
          // Two kept-alive connections opened one after the other: node:cluster gives each to another worker.
          const statuses = [(await answerOf(boards, auth, first)).status, (await answerOf(boards, auth, second)).status];
          for (let i = 0; i < 5; i++) statuses.push((await answerOf(boards, auth, first)).status);
          for (let i = 0; i < 250; i++) statuses.push((await answerOf(boards, auth, second)).status);
          for (let i = 0; i < 70; i++) statuses.push((await answerOf(boards, auth, first)).status);
          expect(statuses.filter((s) => s === 200)).toHaveLength(300);
          expect(statuses.filter((s) => s === 429)).toHaveLength(statuses.length - 300);
        } finally {
          first.destroy();
          second.destroy();
        }

        // Many at once on many connections: requests that each lease at the same moment must not
        // lose what the others were granted (the client would be refused before its limit).
        const burstKey = await newKey();
        const many = new Agent({ keepAlive: true, maxSockets: 20 });
        try {
          const burst = await Promise.all(Array.from({ length: 330 }, () => answerOf(boards, { authorization: `Bearer ${burstKey}` }, many)));
          const served = burst.filter((a) => a.status === 200).length;
          expect(burst.every((a) => a.status === 200 || a.status === 429)).toBe(true);
          // Never more than the limit. Fewer only by what one worker still holds of its last lease
          // when the other is refused (leases.ts): at most an eighth of the limit with two workers.
          // The bug this guards against refused far below it (a refused lease counted until returned).
          // CI saw 287 once on a loaded machine: the worker whose connections ran out held 13.
          expect(served).toBeLessThanOrEqual(300);
          expect(served).toBeGreaterThanOrEqual(300 - 300 / 8);
        } finally {
          many.destroy();
        }
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      await database.drop();
    }
  });
});
