import { describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/support/database.js";
import { startServer } from "../../../test/support/processes.js";

// Heed runs on Node.js 24 LTS. On Node 24.19+, better-sqlite3 12's statement finalizers aborted the
// process (`Assertion failed: (env) != nullptr`) once the garbage collector ran: during start-up,
// under load, or at exit. So the server is started as `npm start` starts it, loaded with a few
// thousand mixed requests (enough to make the collector run), and stopped: it must exit 0, twice.

const ROUNDS = 2;
const REQUESTS = 2_500;
const CONCURRENCY = 16;

async function load(url: string, key: string, publicKey: string): Promise<Map<number, number>> {
  const auth = { authorization: `Bearer ${key}` };
  const ids = async (path: string) =>
    ((await (await fetch(`${url}/v1/${path}`, { headers: auth })).json()) as { data: { id: string }[] }).data.map((p) => p.id);
  const postIds = await ids("posts?limit=20");
  const [boardId] = await ids("boards");
  const requests: (() => Promise<Response>)[] = [
    () => fetch(`${url}/v1/posts?sort=votes&limit=50`, { headers: auth }),
    () => fetch(`${url}/v1/posts/${postIds[Math.floor(Math.random() * postIds.length)]}`, { headers: auth }),
    () => fetch(`${url}/v1/posts?q=export&limit=10`, { headers: auth }),
    () => fetch(`${url}/v1/portal/posts?sort=trending`, { headers: { "x-service-public-key": publicKey } }),
    () =>
      fetch(`${url}/v1/posts`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ boardId, title: `Load ${Math.random()}`, body: "x".repeat(2000) }),
      }),
  ];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const response = await requests[next++ % requests.length]!();
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

describe("the runtime", () => {
  it("is Node.js 24 or newer for every npm script", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  });

  it(`serves ${REQUESTS} requests and stops cleanly, ${ROUNDS} times in a row`, { timeout: 120_000 }, async () => {
    const database = await freshDatabase();
    try {
      let key = "";
      let publicKey = "";
      for (let round = 0; round < ROUNDS; round++) {
        const server = await startServer(database.url, { SEED_DEMO: "1", RATE_LIMIT_PER_MINUTE: "1000000" });
        if (round === 0) {
          key = /secret API key \(full access\): (heed_sk_\w+)/.exec(server.stdout())![1]!;
          publicKey = /public key \(customer-facing\): (heed_pk_\w+)/.exec(server.stdout())![1]!;
        }
        const statuses = await load(server.url, key, publicKey);
        expect(
          [...statuses.keys()].every((status) => status < 300),
          JSON.stringify(Object.fromEntries(statuses)),
        ).toBe(true);
        expect(await server.stop()).toBe(0);
        expect(server.stderr()).not.toMatch(/Assertion failed|Aborted|core dumped/);
      }
    } finally {
      await database.drop();
    }
  });
});
