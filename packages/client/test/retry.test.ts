import { describe, expect, it } from "vitest";
import { useHarness } from "../../../server/test/support/harness.js";
import { createHeedClient, paginate, type Transport } from "../src/index.js";

// 429s retried after the server's retry-after, on a server with a tiny limit and a short window.

const h = useHarness({ rateLimit: 2, rateLimitWindowSeconds: 2 });
// A long window where the test needs the 429 to last: a slow machine must not see a fresh window.
const long = useHarness({ rateLimit: 2, rateLimitWindowSeconds: 60 });

describe("retries", () => {
  it("waits what retry-after says after a 429, then succeeds", async () => {
    const ws = await h.workspace();
    const statuses: number[] = [];
    const transport: Transport = async (request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    };
    const client = createHeedClient({ baseUrl: h.url, apiKey: await ws.key(), fetch: transport });
    await client.GET("/posts");
    await client.GET("/posts");
    const started = Date.now();
    const third = await client.GET("/posts");
    expect(third.response.status).toBe(200);
    expect(statuses).toEqual([200, 200, 429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("gives the 429 back as a typed problem when retries are off or the wait is too long", async () => {
    const ws = await long.workspace();
    const key = await ws.key();
    const strict = createHeedClient({ baseUrl: long.url, apiKey: key, maxRetries: 0 });
    await strict.GET("/posts");
    await strict.GET("/posts");
    const refused = await strict.GET("/posts");
    expect(refused.response.status).toBe(429);
    expect(refused.error).toMatchObject({ code: "rate_limited", status: 429 });
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const impatient = createHeedClient({ baseUrl: long.url, apiKey: key, maxRetryDelayMs: 10 });
    const started = Date.now();
    expect((await impatient.GET("/posts")).response.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("does not retry a request its caller aborted", async () => {
    const ws = await h.workspace();
    let attempts = 0;
    const transport: Transport = async (request) => {
      attempts++;
      return fetch(request);
    };
    const client = createHeedClient({ baseUrl: h.url, apiKey: await ws.key(), fetch: transport });
    const controller = new AbortController();
    controller.abort();
    const started = Date.now();
    await expect(client.GET("/posts", { signal: controller.signal })).rejects.toThrow();
    expect(attempts).toBe(1);
    expect(Date.now() - started).toBeLessThan(400);
  });

  // Transports that answer by themselves: what a misbehaving server or network would do.
  const answering = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    const calls: Request[] = [];
    const transport: Transport = async (request) => {
      calls.push(request);
      return new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json", ...headers },
      });
    };
    return { calls, transport };
  };

  it("gives up the wait before a retry as soon as the caller aborts", async () => {
    const { calls, transport } = answering(503, { code: "unavailable", status: 503 }, { "retry-after": "5" });
    const client = createHeedClient({ baseUrl: "http://heed.invalid", apiKey: "heed_sk_x", fetch: transport });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(client.GET("/posts", { signal: controller.signal })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
  });

  it("bounds retries even when maxRetries is not a number", async () => {
    const { calls, transport } = answering(503, { code: "unavailable", status: 503 }, { "retry-after": "0" });
    const client = createHeedClient({ baseUrl: "http://heed.invalid", apiKey: "heed_sk_x", fetch: transport, maxRetries: Number(undefined) });
    expect((await client.GET("/posts")).response.status).toBe(503);
    expect(calls).toHaveLength(3); // the default: two retries
  });

  it("stops paginating when the server hands back the cursor it was given", async () => {
    const { calls, transport } = answering(200, { data: [], nextCursor: "same" });
    const client = createHeedClient({ baseUrl: "http://heed.invalid", apiKey: "heed_sk_x", fetch: transport });
    const walk = async () => {
      for await (const post of paginate(client, "/posts")) void post;
    };
    await expect(walk()).rejects.toThrow(/returned the cursor it was given/);
    expect(calls).toHaveLength(2);
  });
});
