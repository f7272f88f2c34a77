import { describe, expect, it } from "vitest";
import { createPost } from "../../../server/src/features/posts/create.js";
import { deliverDue } from "../../../server/src/features/webhooks/deliver.js";
import { fanOutEvents } from "../../../server/src/features/webhooks/fanout.js";
import { useHarness } from "../../../server/test/support/harness.js";
import { startReceiver } from "../../../server/test/support/receiver.js";
import { createHeedClient, createPortalClient, paginate, verifyWebhook, type Transport } from "../src/index.js";

// The typed client against a live Heed on a real database (each file runs on SQLite and PostgreSQL).

const h = useHarness();

/** The global fetch, recording what went out and what came back. */
function recording(): { transport: Transport; sent: { method: string; key: string | null; status: number }[] } {
  const sent: { method: string; key: string | null; status: number }[] = [];
  const transport: Transport = async (request) => {
    const key = request.headers.get("idempotency-key");
    const response = await fetch(request);
    sent.push({ method: request.method, key, status: response.status });
    return response;
  };
  return { transport, sent };
}

describe("createHeedClient", () => {
  it("walks every post with paginate, following nextCursor", async () => {
    const ws = await h.workspace();
    const boardId = await ws.boardId();
    const created: string[] = [];
    for (let i = 0; i < 45; i++) created.push((await createPost({ ctx: ws.ctx, input: { boardId, title: `Post ${i}` } })).id);
    const { transport, sent } = recording();
    const client = createHeedClient({ baseUrl: h.url, apiKey: await ws.key(["posts:read"]), fetch: transport });

    const walked: string[] = [];
    for await (const post of paginate(client, "/posts", { query: { sort: "oldest", limit: 10 } })) walked.push(post.id);
    expect(walked).toEqual(created);
    expect(sent).toHaveLength(5);

    const { data, error } = await client.GET("/posts/{id}", { params: { path: { id: created[0]! } } });
    expect(error).toBeUndefined();
    expect(data?.title).toBe("Post 0");
  });

  it("answers a refusal as a typed problem", async () => {
    const ws = await h.workspace();
    const client = createHeedClient({ baseUrl: `${h.url}/v1`, apiKey: await ws.key(["posts:read"]) });
    const { data, error, response } = await client.POST("/boards", { body: { name: "Nope" } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(403);
    expect(error).toMatchObject({ code: "missing_scope", requiredScope: "boards:write", status: 403 });
  });

  it("sends each write with an Idempotency-Key that stays the same when it retries, so the work happens once", async () => {
    const ws = await h.workspace();
    const boardId = await ws.boardId();
    const sent: { key: string | null; replayed: string | null }[] = [];
    let lose = true;
    // The first answer is lost on the way back, after Heed did the work: the client must retry.
    const flaky: Transport = async (request) => {
      const key = request.headers.get("idempotency-key");
      const response = await fetch(request);
      sent.push({ key, replayed: response.headers.get("idempotent-replayed") });
      if (request.method === "POST" && lose) {
        lose = false;
        await response.arrayBuffer();
        throw new TypeError("fetch failed: connection reset");
      }
      return response;
    };
    const client = createHeedClient({ baseUrl: h.url, apiKey: await ws.key(), fetch: flaky });
    const { data, error, response } = await client.POST("/posts", { body: { boardId, title: "Exactly once" } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    const rows = await h.database.db.selectFrom("posts").select("id").where("workspace_id", "=", ws.id).where("title", "=", "Exactly once").execute();
    expect(rows).toEqual([{ id: data!.id }]);

    // Two separate writes get two keys.
    const { transport, sent: more } = recording();
    const second = createHeedClient({ baseUrl: h.url, apiKey: await ws.key(), fetch: transport });
    await second.POST("/posts", { body: { boardId, title: "One" } });
    await second.POST("/posts", { body: { boardId, title: "Two" } });
    expect(new Set(more.map((s) => s.key)).size).toBe(2);
  });

  it("delivers webhooks that verifyWebhook accepts, and refuses tampered ones", async () => {
    const ws = await h.workspace();
    const receiver = await startReceiver();
    try {
      const client = createHeedClient({ baseUrl: h.url, apiKey: await ws.key() });
      const endpoint = await client.POST("/webhooks/endpoints", { body: { url: receiver.url, events: ["post.created"] } });
      expect(endpoint.error).toBeUndefined();
      const secret = endpoint.data!.secret;
      const post = await client.POST("/posts", { body: { boardId: await ws.boardId(), title: "Announced" } });
      const end = Date.now() + 5000;
      while (receiver.received.length === 0 && Date.now() < end) {
        await fanOutEvents(h.services);
        await deliverDue(h.database.db, { timeoutMs: 5000, allowPrivate: true, retryScale: 0.001 });
      }
      const [delivery] = receiver.received;
      expect(delivery).toBeDefined();
      const event = verifyWebhook(delivery!.body, delivery!.headers, secret);
      expect(event.type).toBe("post.created");
      if (event.type === "post.created") expect(event.data.id).toBe(post.data!.id);
      expect(() => verifyWebhook(delivery!.body.replace("Announced", "Tampered"), delivery!.headers, secret)).toThrow();
      expect(() => verifyWebhook(delivery!.body, delivery!.headers, `whsec_${Buffer.from("another secret of 32 bytes length").toString("base64")}`)).toThrow();
      expect(verifyWebhook(delivery!.body, delivery!.headers, [`whsec_${Buffer.from("old").toString("base64")}`, secret]).type).toBe("post.created");
    } finally {
      await receiver.close();
    }
  });
});

describe("createPortalClient", () => {
  it("identifies an end user, remembers the token, and acts as them", async () => {
    const ws = await h.workspace();
    await createPost({ ctx: ws.ctx, input: { boardId: await ws.boardId(), title: "Vote for me" } });
    const portal = createPortalClient({ baseUrl: h.url, publicKey: ws.publicKey });

    const anonymous = await portal.GET("/portal/me");
    expect(anonymous.error).toMatchObject({ code: "missing_user_token" });

    // The userHash comes from the customer's server (new workspaces verify identities).
    const userHash = await ws.userHash("client-user");
    const unsigned = await portal.POST("/identify", { body: { userId: "client-user", name: "Client User" } });
    expect(unsigned.error).toMatchObject({ status: 401, code: "identity_not_verified" });
    expect(portal.getUserToken()).toBeNull();
    const identified = await portal.POST("/identify", { body: { userId: "client-user", name: "Client User", userHash } });
    expect(identified.data?.user.externalId).toBe("client-user");
    expect(portal.getUserToken()).toBe(identified.data!.token);

    const posts = [];
    for await (const post of paginate(portal, "/portal/posts", { query: { sort: "votes" } })) posts.push(post);
    const target = posts.find((p) => p.title === "Vote for me")!;
    const vote = await portal.POST("/portal/posts/{id}/vote", { params: { path: { id: target.id } } });
    expect(vote.data).toEqual({ postId: target.id, voted: true, voteCount: 1 });
    const tracked = await portal.POST("/track", { body: { batch: [{ event: "voted" }, { event: "" }] } });
    expect(tracked.data).toMatchObject({ accepted: 1, rejected: [{ index: 1 }] });
    const me = await portal.GET("/portal/me");
    expect(me.data).toMatchObject({ user: { externalId: "client-user" }, voteCount: 1 });

    portal.setUserToken(null);
    expect((await portal.GET("/portal/me")).response.status).toBe(401);
  });
});
