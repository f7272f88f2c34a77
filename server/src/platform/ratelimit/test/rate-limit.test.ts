import { describe, expect, it } from "vitest";
import { generateKey, sha256Hex } from "../../lib/secret-keys.js";
import { createRateLimiter } from "../limiter.js";
import { operations } from "../../../routes.js";
import { useHarness, type Harness, type TestResponse } from "../../../../test/support/harness.js";
import { startServer } from "../../../../test/support/processes.js";

// Limits are small here (5 per 2-second window by default) so the whole 429 cycle fits in a test.
const h = useHarness({ rateLimit: 5, rateLimitWindowSeconds: 2 });
const proxied = useHarness({ rateLimit: 2, rateLimitWindowSeconds: 60, trustProxyHops: 1 });
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** The five headers agree with each other. */
function expectConsistentHeaders(res: TestResponse, label: string) {
  const limit = Number(res.headers.get("x-ratelimit-limit"));
  const remaining = Number(res.headers.get("x-ratelimit-remaining"));
  const reset = Number(res.headers.get("x-ratelimit-reset"));
  expect(limit, label).toBeGreaterThan(0);
  expect(remaining, label).toBeGreaterThanOrEqual(0);
  expect(reset - Date.now() / 1000, label).toBeLessThanOrEqual(61);
  expect(reset - Date.now() / 1000, label).toBeGreaterThan(-2);
  expect(res.headers.get("ratelimit-policy"), label).toMatch(new RegExp(`^"(key|ip)";q=${limit};w=\\d+$`));
  expect(res.headers.get("ratelimit"), label).toMatch(new RegExp(`^"(key|ip)";r=${remaining};t=\\d+$`));
}

async function keyWithLimit(harness: Harness, limit: number | null): Promise<string> {
  const ws = await harness.workspace();
  const key = await ws.key();
  await harness.database.db.updateTable("api_keys").set({ rate_limit_per_minute: limit }).where("key_hash", "=", sha256Hex(key)).execute();
  return key;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("rate limits", () => {
  it("put consistent headers on every response: every route, every status, and the pages around the API", async () => {
    const key = await keyWithLimit(h, 1_000_000);
    const seen = new Set<number>();
    for (const { route } of operations) {
      const path = `/v1${route.path.replace(/\{[^}]+\}/g, "x")}`;
      for (const auth of [{}, { key }]) {
        const res = await h.call(route.method.toUpperCase(), path, { ...auth, json: route.method === "get" ? undefined : {} });
        expectConsistentHeaders(res, `${route.operationId} ${res.status}`);
        seen.add(res.status);
      }
    }
    const around = [
      await h.call("GET", "/openapi.json", { key }),
      await h.call("GET", "/docs", { key }),
      await h.call("GET", "/health"),
      await h.call("GET", "/nope", { key }),
      await h.call("POST", "/v1/posts", { key, body: "x".repeat(2 * 1024 * 1024), headers: { "content-type": "application/json" } }),
      await h.call("POST", "/v1/posts", { key, body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ];
    for (const res of around) {
      expectConsistentHeaders(res, String(res.status));
      seen.add(res.status);
    }
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 401, 404, 413, 415]));
  });

  it("answers 429 past the limit with a truthful retry-after, then lets the retry through", async () => {
    const key = await keyWithLimit(h, 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.call("GET", "/v1/posts", { key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await h.call("GET", "/v1/posts", { key });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 2).toBe(true);
    await wait(retryAfter * 1000);
    const retried = await h.call("GET", "/v1/posts", { key });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("takes the key's limit, else its workspace's, else the default", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    expect((await h.call("GET", "/v1/posts", { key })).headers.get("x-ratelimit-limit")).toBe("5");
    await h.call("PATCH", "/v1/workspace", { key, json: { rateLimitPerMinute: 50 } });
    expect((await h.call("GET", "/v1/posts", { key })).headers.get("x-ratelimit-limit")).toBe("50");
    const own = (await h.call("POST", "/v1/api-keys", { key, json: { name: "limited", scopes: ["posts:read"], rateLimitPerMinute: 7 } })).body;
    expect(own.rateLimitPerMinute).toBe(7);
    expect((await h.call("GET", "/v1/posts", { key: own.key })).headers.get("x-ratelimit-limit")).toBe("7");
    const keyId = (await h.database.db.selectFrom("api_keys").select("id").where("key_hash", "=", sha256Hex(key)).executeTakeFirstOrThrow()).id;
    expect((await h.call("PATCH", `/v1/api-keys/${keyId}`, { key, json: { rateLimitPerMinute: 9 } })).body.rateLimitPerMinute).toBe(9);
    expect((await h.call("GET", "/v1/posts", { key })).headers.get("x-ratelimit-limit")).toBe("9");
  });

  it("counts requests without a valid key against the client's address, so floods of bad keys stop", async () => {
    await wait(2100); // a fresh window for this address
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await h.call("GET", "/v1/posts", { key: generateKey("sk") })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Health probes report the state but are not counted.
    const probe = await h.call("GET", "/health");
    expect(probe.status).toBe(200);
    expect(probe.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("honours X-Forwarded-For only from a trusted proxy", async () => {
    const call = (forwarded: string) => proxied.call("GET", "/openapi.json", { headers: { "x-forwarded-for": forwarded } });
    expect((await call("203.0.113.7")).status).toBe(200);
    expect((await call("203.0.113.7")).status).toBe(200);
    expect((await call("203.0.113.7")).status).toBe(429);
    expect((await call("203.0.113.8")).status).toBe(200); // another client behind the proxy
    expect((await call("198.51.100.1, 203.0.113.9")).status).toBe(200); // only the proxy's own entry counts
    // The untrusted harness ignores the header: every request counts against the socket's address.
    await wait(2100);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await h.call("GET", "/openapi.json", { headers: { "x-forwarded-for": `192.0.2.${i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("shares one limit across two server processes through Redis", async () => {
    const key = await keyWithLimit(h, 10);
    const env = { REDIS_URL, SEED_DEMO: "0" };
    const servers = await Promise.all([startServer(h.database.url, env), startServer(h.database.url, env)]);
    try {
      const statuses = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await fetch(`${servers[i % 2]!.url}/v1/posts`, { headers: { authorization: `Bearer ${key}` } })).status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it("keeps answering, and limiting per process, when Redis is unreachable", async () => {
    const key = await keyWithLimit(h, 3);
    const server = await startServer(h.database.url, { REDIS_URL: "redis://127.0.0.1:1", SEED_DEMO: "0" });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${server.url}/v1/posts`, { headers: { authorization: `Bearer ${key}` } });
        expect(res.headers.get("x-ratelimit-limit")).toBe("3");
        statuses.push(res.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await server.stop();
    }
  });

  // A server that served before Redis connected counted its first requests in memory and handed
  // out one request over the shared limit (seen once in CI); start-up now waits for this answer.
  it("tells start-up whether Redis is connected, quickly either way", async () => {
    const shared = createRateLimiter({ redisUrl: REDIS_URL, windowSeconds: 60 });
    const unreachable = createRateLimiter({ redisUrl: "redis://127.0.0.1:1", windowSeconds: 60 });
    try {
      const started = Date.now();
      expect(await shared.ready(5000)).toBe(true);
      expect(await shared.ready(5000)).toBe(true); // already connected: answers at once
      expect(await unreachable.ready(5000)).toBe(false);
      expect(Date.now() - started).toBeLessThan(3000);
      const bucket = `ready-${Date.now()}-${Math.random()}`;
      expect((await shared.consume(bucket, 1)).allowed).toBe(true);
      expect((await shared.consume(bucket, 1)).allowed).toBe(false);
    } finally {
      await Promise.all([shared.close(), unreachable.close()]);
    }
  });
});
