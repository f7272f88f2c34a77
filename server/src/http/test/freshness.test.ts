import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTrending } from "../../features/posts/trending.js";
import { nowMs } from "../../platform/lib/clock.js";
import { useHarness, type TestWorkspace } from "../../../test/support/harness.js";
import { startServer, type Started } from "../../../test/support/processes.js";
import { signedIn } from "../../../test/support/sessions.js";

// Kept answers and kept credentials are never stale in a way a client can see: the harness's server
// and two more server processes on the same database stand for three instances behind a load
// balancer. Every check reads on one instance right after a write answered on another: not "within
// 100 ms", but on the very next request.

const h = useHarness();
let others: Started[] = [];

beforeAll(async () => {
  // Instances behind one load balancer share PUBLIC_URL (the harness's), which links in answers carry.
  const env = { SEED_DEMO: "0", PUBLIC_URL: h.services.publicUrl };
  others = await Promise.all([startServer(h.database.url, env), startServer(h.database.url, env)]);
}, 60_000);

afterAll(async () => {
  await Promise.all(others.map((s) => s.stop()));
});

/** The three instances' base URLs. */
const instances = () => [h.url, ...others.map((s) => s.url)];

async function get(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

async function post(base: string, path: string, headers: Record<string, string>, json?: unknown, method = "POST") {
  const res = await fetch(base + path, {
    method,
    headers: { ...headers, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function withPost(ws: TestWorkspace, key: string, title = "First") {
  const created = await post(h.url, "/v1/posts", bearer(key), { boardId: await ws.boardId(), title, body: "Body." });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

describe("answers that are kept stay exact", () => {
  it("shows a write on the next read of every instance (read-your-writes)", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await withPost(ws, key);
    // Warm every instance's kept answer, twice, so the second is served from the cache.
    for (const base of instances()) for (let i = 0; i < 2; i++) expect((await get(base, "/v1/posts?sort=votes", bearer(key))).body.data).toHaveLength(1);

    for (const [n, writer] of instances().entries()) {
      const created = await withPost(ws, key, `Written on instance ${n}`);
      for (const base of instances()) {
        const list = await get(base, "/v1/posts?sort=votes", bearer(key));
        expect(list.body.data.map((p: { id: string }) => p.id)).toContain(created.id);
        expect((await get(base, `/v1/posts/${created.id}`, bearer(key))).status).toBe(200);
      }
      // A change of a field is seen too, not only a new row.
      expect((await post(writer, `/v1/posts/${created.id}`, bearer(key), { title: `Renamed ${n}` }, "PATCH")).status).toBe(200);
      for (const base of instances()) expect((await get(base, `/v1/posts/${created.id}`, bearer(key))).body.title).toBe(`Renamed ${n}`);
    }
  });

  it("shows a write on the portal's next page of every instance, though each kept the page", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const board = `/p/${ws.slug}/b/feature-requests`;
    const page = async (base: string) => (await fetch(base + board)).text();
    for (const base of instances()) for (let i = 0; i < 2; i++) expect(await page(base)).toContain("Feature requests");
    for (const [n, writer] of instances().entries()) {
      expect((await post(writer, "/v1/posts", bearer(key), { boardId: await ws.boardId(), title: `On the portal ${n}` })).status).toBe(201);
      for (const base of instances()) expect(await page(base)).toContain(`On the portal ${n}`);
    }
  });

  it("keeps each end user's own votes to themselves (viewerHasVoted)", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const { id } = await withPost(ws, key);
    const alice = await ws.identify("alice");
    const bob = await ws.identify("bob");
    const voted = (body: { data: { id: string; viewerHasVoted: boolean }[] }) => body.data.find((p) => p.id === id)?.viewerHasVoted;
    for (const base of instances()) {
      for (const token of [alice.token, bob.token, undefined]) expect(voted((await get(base, "/v1/portal/posts", ws.customer(token))).body)).toBe(false);
    }
    expect((await post(others[0]!.url, `/v1/portal/posts/${id}/vote`, ws.customer(alice.token))).status).toBeLessThan(300);
    for (const base of instances()) {
      expect(voted((await get(base, "/v1/portal/posts", ws.customer(alice.token))).body)).toBe(true);
      expect(voted((await get(base, "/v1/portal/posts", ws.customer(bob.token))).body)).toBe(false);
      expect(voted((await get(base, "/v1/portal/posts", ws.customer())).body)).toBe(false);
      const single = await get(base, `/v1/portal/posts/${id}`, ws.customer(bob.token));
      expect(single.body.viewerHasVoted).toBe(false);
      expect(single.body.voteCount).toBe(1);
    }
  });

  it("keys answers by workspace, query and credential: a kept answer never opens a door", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key(["posts:read", "posts:write"]);
    const boardsOnly = await ws.key(["boards:read"]);
    const { id } = await withPost(ws, key);
    expect((await get(h.url, `/v1/posts/${id}`, bearer(key))).status).toBe(200);
    expect((await get(h.url, `/v1/posts/${id}`, bearer(key))).status).toBe(200);
    // The same URL, kept, for a key without the permission, and for another workspace's key.
    expect((await get(h.url, `/v1/posts/${id}`, bearer(boardsOnly))).status).toBe(403);
    expect((await get(h.url, `/v1/posts/${id}`, bearer(await other.key()))).status).toBe(404);
    expect((await get(h.url, "/v1/posts", bearer(await other.key()))).body.data).toEqual([]);
    // Another query is another answer.
    const withQuery = await get(h.url, "/v1/posts?q=nothing-like-this", bearer(key));
    expect(withQuery.body.data).toEqual([]);
  });

  it("shows a job's change (the trending refresh) on the next read", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const voted = await withPost(ws, key, "Voted");
    const alice = await ws.identify();
    await post(h.url, `/v1/portal/posts/${voted.id}/vote`, ws.customer(alice.token));
    const later = await withPost(ws, key, "Later");
    const trending = async () => (await get(others[1]!.url, "/v1/posts?sort=trending", bearer(key))).body.data.map((p: { id: string }) => p.id);
    expect(await trending()).toEqual([voted.id, later.id]);
    // Fifteen days on, the refresh takes the vote out of the window: a tie, broken by the newer id.
    await refreshTrending(h.services.db, ws.id, nowMs() + 15 * 86_400_000);
    expect(await trending()).toEqual([later.id, voted.id]);
  });
});

describe("kept credentials are refused as soon as they end", () => {
  it("refuses a revoked API key on every instance at once", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const created = await post(h.url, "/v1/api-keys", bearer(admin), { name: "soon revoked", scopes: ["posts:read"] });
    for (const base of instances()) for (let i = 0; i < 2; i++) expect((await get(base, "/v1/posts", bearer(created.body.key))).status).toBe(200);
    expect((await post(others[1]!.url, `/v1/api-keys/${created.body.id}`, bearer(admin), undefined, "DELETE")).status).toBe(200);
    for (const base of instances()) expect((await get(base, "/v1/posts", bearer(created.body.key))).status).toBe(401);
  });

  it("applies a key's new rate limit on every instance at once", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const created = await post(h.url, "/v1/api-keys", bearer(admin), { name: "limited", scopes: ["posts:read"] });
    for (const base of instances()) expect((await get(base, "/v1/posts", bearer(created.body.key))).headers.get("x-ratelimit-limit")).not.toBe("7");
    expect((await post(others[0]!.url, `/v1/api-keys/${created.body.id}`, bearer(admin), { rateLimitPerMinute: 7 }, "PATCH")).status).toBe(200);
    for (const base of instances()) expect((await get(base, "/v1/posts", bearer(created.body.key))).headers.get("x-ratelimit-limit")).toBe("7");
  });

  it("refuses a rotated public key on every instance at once", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    for (const base of instances()) for (let i = 0; i < 2; i++) expect((await get(base, "/v1/portal/posts", ws.customer())).status).toBe(200);
    const rotated = await post(others[0]!.url, "/v1/workspace/public-key/rotate", bearer(admin));
    expect(rotated.status).toBe(200);
    for (const base of instances()) {
      expect((await get(base, "/v1/portal/posts", ws.customer())).status).toBe(401);
      expect((await get(base, "/v1/portal/posts", { "x-service-public-key": rotated.body.publicKey })).status).toBe(200);
    }
  });

  it("refuses a removed member's session on every instance at once", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const member = await signedIn(h, ws, "member");
    for (const base of instances()) for (let i = 0; i < 2; i++) expect((await get(base, "/v1/posts", member.cookieOnly)).status).toBe(200);
    expect((await post(others[1]!.url, `/v1/members/${member.memberId}`, bearer(admin), undefined, "DELETE")).status).toBe(204);
    // The session still signs the person in; it no longer opens this workspace.
    for (const base of instances()) expect((await get(base, "/v1/posts", member.cookieOnly)).status).toBe(403);
  });
});

describe("ETag and If-None-Match", () => {
  it("answers 304 while the answer is the same, and 200 with a new tag once it changed", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await withPost(ws, key);
    const first = await get(h.url, "/v1/posts", bearer(key));
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    for (const base of instances()) {
      const same = await get(base, "/v1/posts", { ...bearer(key), "if-none-match": etag });
      expect(same.status).toBe(304);
      expect(same.text).toBe("");
      expect(same.headers.get("etag")).toBe(etag);
      expect(same.headers.get("x-ratelimit-remaining")).not.toBeNull();
    }
    expect((await get(h.url, "/v1/posts", { ...bearer(key), "if-none-match": `W/"nope", ${etag}` })).status).toBe(304);
    expect((await get(h.url, "/v1/posts", { ...bearer(key), "if-none-match": '"another"' })).status).toBe(200);

    await withPost(ws, key, "Second");
    for (const base of instances()) {
      const changed = await get(base, "/v1/posts", { ...bearer(key), "if-none-match": etag });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toHaveLength(2);
      expect(changed.headers.get("etag")).not.toBe(etag);
    }
  });

  it("tags every GET answer, kept or not, for keys, end users and sessions", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const owner = await signedIn(h, ws, "owner");
    for (const [path, headers] of [
      ["/v1/api-keys", bearer(key)],
      ["/v1/audit-log", bearer(key)],
      ["/v1/boards", bearer(key)],
      ["/v1/portal/workspace", ws.customer()],
      ["/v1/members", owner.cookieOnly],
      ["/v1/auth/session", owner.cookieOnly],
    ] as const) {
      const first = await get(h.url, path, headers);
      expect(first.status, path).toBe(200);
      const etag = first.headers.get("etag");
      expect(etag, path).toBeTruthy();
      expect((await get(h.url, path, { ...headers, "if-none-match": etag! })).status, path).toBe(304);
    }
  });

  it("answers a read's JSON with its type and tag, the same bytes made, kept or not kept", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    // /v1/boards keeps its answers (the second ask stores it, the third is the stored one); the audit log never does.
    for (const path of ["/v1/boards", "/v1/audit-log"]) {
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const res = await get(h.url, path, bearer(key));
        answers.push({ type: res.headers.get("content-type"), etag: res.headers.get("etag"), text: res.text });
      }
      for (const answer of answers) {
        expect(answer.type, path).toBe("application/json");
        expect(answer, path).toEqual(answers[0]);
      }
      expect(JSON.parse(answers[0]!.text).data, path).toBeInstanceOf(Array);
    }
  });

  it("lets another origin's page read the tag (CORS)", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    expect((await post(h.url, "/v1/workspace", bearer(admin), { allowedOrigins: ["https://app.example.com"] }, "PATCH")).status).toBe(200);
    const res = await get(h.url, "/v1/portal/posts", { ...ws.customer(), origin: "https://app.example.com" });
    expect(res.headers.get("access-control-expose-headers")).toContain("etag");
    const preflight = await fetch(`${h.url}/v1/portal/posts`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(preflight.headers.get("access-control-allow-headers")).toContain("if-none-match");
  });
});
