import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readVersion } from "../../platform/changes/version.js";
import { keptAnswer } from "../answers.js";
import { generateKey } from "../../platform/lib/secret-keys.js";
import { useHarness, type TestWorkspace } from "../../../test/support/harness.js";

// An answer is kept the second time its URL is asked (http/answers.ts); from the third identical
// GET on, the front door (http/front-door/) answers it before the app: it must be the same answer,
// with the same headers, counted the same way.

const h = useHarness({ rateLimit: 1000 });
const limitedHarness = useHarness({ rateLimit: 3 });
const useHarnessLimited = () => limitedHarness;

async function get(path: string, headers: Record<string, string>) {
  const res = await fetch(h.url + path, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

async function withPosts(ws: TestWorkspace, key: string, count: number) {
  const boardId = await ws.boardId();
  for (let i = 0; i < count; i++) {
    const res = await h.call("POST", "/v1/posts", {
      key,
      json: { boardId, title: `Post number ${i}`, body: "A body long enough to make the list worth compressing." },
    });
    expect(res.status).toBe(201);
  }
}

const PER_REQUEST = new Set(["x-request-id", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit", "date"]);
const stable = (headers: Headers) => [...headers.entries()].filter(([name]) => !PER_REQUEST.has(name));

describe("the front door", () => {
  it("gives the same answer and headers as the app, for keys and for the public key", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await withPosts(ws, key, 3);
    for (const [path, headers] of [
      ["/v1/posts?sort=votes&limit=20", { authorization: `Bearer ${key}`, "accept-encoding": "identity" }],
      ["/v1/portal/posts?sort=votes", { ...ws.customer(), "accept-encoding": "identity" }],
    ] as const) {
      const first = await get(path, headers);
      const second = await get(path, headers);
      const third = await get(path, headers);
      expect(first.status, path).toBe(200);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(stable(second.headers), path).toEqual(stable(first.headers));
      expect(stable(third.headers), path).toEqual(stable(first.headers));
      // Each request is counted: remaining goes down by one each time.
      const remaining = [first, second, third].map((r) => Number(r.headers.get("x-ratelimit-remaining")));
      expect(remaining[1], path).toBe(remaining[0]! - 1);
      expect(remaining[2], path).toBe(remaining[1]! - 1);
      expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    }
    // The caller's own request id is kept, as the app keeps it.
    const own = await get("/v1/posts?sort=votes&limit=20", { authorization: `Bearer ${key}`, "x-request-id": "my-own-request-1" });
    expect(own.headers.get("x-request-id")).toBe("my-own-request-1");
  });

  it("keeps an answer only once its URL is asked again, so URLs asked once do not churn the cache", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await withPosts(ws, key, 1);
    const keptFor = async (path: string) => keptAnswer(h.services.db, `${ws.id} team ${path}`, await readVersion(h.services.db, ws.id));
    const asked = (path: string) => get(path, { authorization: `Bearer ${key}`, "accept-encoding": "identity" });
    for (let n = 0; n < 3; n++) expect((await asked(`/v1/posts?n=${n}`)).status).toBe(200);
    for (let n = 0; n < 3; n++) expect(await keptFor(`/v1/posts?n=${n}`)).toBeUndefined();
    const first = await asked("/v1/posts?again");
    expect(await keptFor("/v1/posts?again")).toBeUndefined();
    const second = await asked("/v1/posts?again");
    expect((await keptFor("/v1/posts?again"))?.etag).toBe(first.headers.get("etag"));
    expect(second.body.equals(first.body)).toBe(true);
    // A write raises the version: the answer is made anew, and kept again on its second asking.
    await withPosts(ws, key, 1);
    await asked("/v1/posts?again");
    expect(await keptFor("/v1/posts?again")).toBeUndefined();
    await asked("/v1/posts?again");
    expect(await keptFor("/v1/posts?again")).toBeDefined();
  });

  it("gzips a list for a reader that takes it, with its own tag, and answers 304 to either tag", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await withPosts(ws, key, 12);
    const path = "/v1/posts?sort=newest&limit=20";
    const plain = await get(path, { authorization: `Bearer ${key}`, "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    for (let i = 0; i < 2; i++) {
      // Node's fetch would unzip by itself; node:http's raw bytes show what travelled.
      const zipped = await rawGet(path, { authorization: `Bearer ${key}`, "accept-encoding": "gzip, br;q=0.5" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.headers.etag).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-gz"`);
      for (const tag of [zipped.headers.etag!, plain.headers.get("etag")!]) {
        expect((await get(path, { authorization: `Bearer ${key}`, "accept-encoding": "gzip", "if-none-match": tag })).status).toBe(304);
      }
    }
    // gzip;q=0 refuses it.
    expect((await rawGet(path, { authorization: `Bearer ${key}`, "accept-encoding": "gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });

  it("lets the app refuse a key over its rate limit, a revoked key, and a request from another origin", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    await withPosts(ws, admin, 1);
    const limited = await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "limited", scopes: ["posts:read"], rateLimitPerMinute: 3 } });
    const headers = { authorization: `Bearer ${limited.body.key}` };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await get("/v1/posts", headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await get("/v1/posts", headers);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body.toString()).code).toBe("rate_limited");

    const other = await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "revoked", scopes: ["posts:read"] } });
    for (let i = 0; i < 2; i++) expect((await get("/v1/posts", { authorization: `Bearer ${other.body.key}` })).status).toBe(200);
    expect((await h.call("DELETE", `/v1/api-keys/${other.body.id}`, { key: admin })).status).toBe(200);
    expect((await get("/v1/posts", { authorization: `Bearer ${other.body.key}` })).status).toBe(401);

    expect((await h.call("PATCH", "/v1/workspace", { key: admin, json: { allowedOrigins: ["https://shop.example"] } })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await get("/v1/portal/posts", { ...ws.customer(), origin: "https://shop.example" });
      expect(res.headers.get("access-control-allow-origin")).toBe("https://shop.example");
      expect(res.headers.get("vary")).toContain("Origin");
    }
  });
});

describe("refusals and liveness at the front door", () => {
  // A GET with `content-length: 0` goes to the app (the door answers only requests without a body):
  // the two answers must be the same but for the request's own id.
  const withoutId = (body: Buffer) => ({ ...JSON.parse(body.toString()), requestId: "-" });

  it("refuses a team route without a key, or with an unknown one, as the app does", async () => {
    for (const headers of [{}, { authorization: `Bearer ${generateKey("sk")}` }] as Record<string, string>[]) {
      for (const path of ["/v1/posts?sort=votes", "/v1/posts/post_01jd8x4y2b3c5d6e7f8g9h0j1k", "/v1/api-keys"]) {
        const door = await get(path, { ...headers, "x-request-id": "door-request-1" });
        const app = await get(path, { ...headers, "content-length": "0" });
        expect(door.status, path).toBe(401);
        // Bodies differ only by the request id (and so in length).
        const unsized = (headers: Headers) => stable(headers).filter(([name]) => name !== "content-length");
        expect(unsized(door.headers), path).toEqual(unsized(app.headers));
        expect(withoutId(door.body), path).toEqual(withoutId(app.body));
        expect(JSON.parse(door.body.toString()).requestId).toBe("door-request-1");
        expect(door.headers.get("x-request-id")).toBe("door-request-1");
      }
    }
    // Not the door's to answer: the customer side, an unknown route, a public key on a team route.
    expect(JSON.parse((await get("/v1/portal/posts", {})).body.toString()).detail).toContain("public key");
    expect((await get("/v1/no-such-route", {})).status).toBe(404);
    const ws = await h.workspace();
    expect(JSON.parse((await get("/v1/posts", ws.customer())).body.toString()).code).toBe("wrong_credential_kind");
  });

  it("counts door refusals against the caller's address, and lets the app give the 429", async () => {
    const limited = useHarnessLimited();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/v1/posts`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("answers liveness with the caller's rate-limit state, uncounted", async () => {
    const first = await get("/health", {});
    const second = await get("/health", {});
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString())).toEqual({ status: "ok" });
    expect(first.headers.get("content-type")).toBe("application/json");
    expect(first.headers.get("ratelimit-policy")).toMatch(/^"ip";q=\d+;w=60$/);
    expect(second.headers.get("x-ratelimit-remaining")).toBe(first.headers.get("x-ratelimit-remaining"));
  });
});

/** A GET through node:http, which leaves the body as it came (fetch would unzip it). */
async function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | undefined>; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    request(h.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
