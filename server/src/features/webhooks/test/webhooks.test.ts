import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliverDue, type DeliveryOptions } from "../deliver.js";
import { createWebhookEndpoint } from "../endpoints.js";
import { EVENT_NAMES } from "../../../platform/changes/events.js";
import { fanOutEvents } from "../fanout.js";
import { sendWebhook } from "../send.js";
import { checkWebhookUrl, isBlockedAddress } from "../ssrf.js";
import { eventEnvelope } from "../payload-schema.js";
import { makeUsers } from "../../../../test/support/users.js";
import { useHarness } from "../../../../test/support/harness.js";
import { startServer } from "../../../../test/support/processes.js";
import { startReceiver, type Received } from "../../../../test/support/receiver.js";

const h = useHarness();
// The real schedule (5 s, 5 min, …) shrunk a thousandfold.
const FAST: DeliveryOptions = { timeoutMs: 2000, allowPrivate: true, retryScale: 0.001 };

/**
 * Runs the worker's two steps until nothing is left to do in the test's workspace, or the deadline
 * passes. Another test's workspace may hold deliveries that wait hours to retry: they are not this one's.
 */
async function drain(ws: { id: string }, deadlineMs = 5000, options: DeliveryOptions = FAST) {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    await fanOutEvents(h.services);
    await deliverDue(h.database.db, options);
    const pending = await h.database.db
      .selectFrom("webhook_deliveries")
      .select("id")
      .where("workspace_id", "=", ws.id)
      .where("state", "=", "pending")
      .executeTakeFirst();
    if (!pending) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

function verified(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { id?: string } };
}

describe("webhooks", () => {
  it("delivers every event kind in the shape its schema in the document describes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const receiver = await startReceiver();
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["*"] } })).body;
    try {
      const call = async (method: string, path: string, json?: unknown) => {
        const res = await h.call(method, path, { key, json });
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        return res.body;
      };
      const boardId = await ws.boardId();
      const board = await call("POST", "/v1/boards", { name: "Every event" });
      await call("PATCH", `/v1/boards/${board.id}`, { description: "Renamed" });
      const post = await call("POST", "/v1/posts", { boardId, title: "Every event" });
      const other = await call("POST", "/v1/posts", { boardId, title: "Merged away" });
      await call("PATCH", `/v1/posts/${post.id}`, { title: "Every event, edited" });
      const planned = (await call("GET", "/v1/statuses")).data.find((st: { category: string }) => st.category === "active");
      await call("POST", `/v1/posts/${post.id}/status`, { statusId: planned.id, comment: { body: "On it" } });
      const [userId] = await makeUsers(h.database.db, ws.id, 1);
      await call("POST", `/v1/posts/${post.id}/votes`, { userId });
      await call("DELETE", `/v1/posts/${post.id}/votes/${userId}`);
      const comment = await call("POST", `/v1/posts/${post.id}/comments`, { body: "Nice" });
      await call("PATCH", `/v1/comments/${comment.id}`, { body: "Nicer" });
      await call("DELETE", `/v1/comments/${comment.id}`);
      await call("POST", `/v1/posts/${other.id}/merge`, { into: post.id });
      const entry = await call("POST", "/v1/changelog", { title: "Shipped", body: "It is out.", type: "new" });
      await call("POST", `/v1/changelog/${entry.id}/publish`, {});
      await call("DELETE", `/v1/posts/${post.id}`);
      await call("DELETE", `/v1/boards/${board.id}`);
      const identified = await ws.identify();
      await call("POST", `/v1/users/${identified.userId}/erase`);
      await drain(ws);

      const bodies = receiver.received.map((r) => {
        verified(endpoint.secret, r);
        return JSON.parse(r.body) as { type: (typeof EVENT_NAMES)[number] };
      });
      expect([...new Set(bodies.map((b) => b.type))].sort()).toEqual([...EVENT_NAMES].sort());
      for (const body of bodies) {
        const parsed = eventEnvelope(body.type).safeParse(body);
        expect(parsed.success, `${body.type}: ${parsed.error?.message}`).toBe(true);
      }
    } finally {
      await receiver.close();
    }
  });

  it("signs every delivery (Standard Webhooks) and sends each endpoint only what it subscribed to", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const all = await startReceiver();
    const posts = await startReceiver();
    const everything = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: all.url, events: ["*"] } })).body;
    const onlyPosts = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: posts.url, events: ["post.created"] } })).body;
    expect(everything.secret).toMatch(/^whsec_/);
    expect((await h.call("GET", `/v1/webhooks/endpoints/${everything.id}`, { key })).body.secret).toBeUndefined();
    try {
      const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Hooked" } })).body;
      const [userId] = await makeUsers(h.database.db, ws.id, 1);
      await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId } });
      await h.call("POST", `/v1/posts/${post.id}/comments`, { key, json: { body: "Nice" } });
      await drain(ws);

      const types = all.received.map((r) => verified(everything.secret, r).type);
      // What is delivered is what the OpenAPI document's webhooks section describes.
      for (const r of all.received) eventEnvelope(JSON.parse(r.body).type).parse(JSON.parse(r.body));
      expect(types).toEqual(["post.created", "vote.created", "comment.created"]);
      expect(posts.received.map((r) => verified(onlyPosts.secret, r).type)).toEqual(["post.created"]);
      const first = all.received[0]!;
      expect(first.headers["user-agent"]).toMatch(/^Heed-Webhooks/);
      expect(first.headers["content-type"]).toBe("application/json");
      expect(first.headers["webhook-id"]).toMatch(/^evt_/);
      expect(JSON.parse(first.body)).toMatchObject({ type: "post.created", timestamp: expect.any(String), data: { id: post.id, title: "Hooked" } });
      // The same event reaches both endpoints under the same webhook-id.
      expect(posts.received[0]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
      expect(() => new Webhook(onlyPosts.secret).verify(first.body, first.headers as Record<string, string>)).toThrow();
    } finally {
      await Promise.all([all.close(), posts.close()]);
    }
  });

  it("retries a receiver that is down until it comes back, logging every attempt; a 410 disables the endpoint", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    let down = 3;
    const flaky = await startReceiver(() => (down-- > 0 ? 503 : 200));
    const gone = await startReceiver(() => 410);
    const endpoint = await createWebhookEndpoint({ ctx: ws.ctx, input: { url: flaky.url, events: ["post.created"] } });
    const dead = await createWebhookEndpoint({ ctx: ws.ctx, input: { url: gone.url, events: ["post.created"] } });
    try {
      for (let i = 0; i < 3; i++) await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: `P${i}` } });
      await drain(ws);
      const ids = flaky.received.map((r) => verified(endpoint.secret, r).data.id);
      expect(new Set(ids).size).toBe(3);
      const titles = flaky.received.map((r) => (JSON.parse(r.body) as { data: { title: string } }).data.title);
      expect(titles).toEqual(["P0", "P1", "P2"]); // per-endpoint order survives the retries

      const deliveries = await h.database.db.selectFrom("webhook_deliveries").selectAll().where("endpoint_id", "=", endpoint.id).orderBy("id").execute();
      expect(deliveries.map((d) => d.state)).toEqual(["succeeded", "succeeded", "succeeded"]);
      expect(deliveries[0]!.attempts).toBe(4);
      const attempts = await h.database.db.selectFrom("webhook_attempts").selectAll().where("delivery_id", "=", deliveries[0]!.id).orderBy("attempt").execute();
      expect(attempts.map((a) => a.status)).toEqual([503, 503, 503, 200]);
      expect(attempts.every((a) => a.duration_ms >= 0 && a.started_at)).toBe(true);
      expect(attempts[0]!.response_excerpt).toBe("not now");

      const deadEndpoint = await h.call("GET", `/v1/webhooks/endpoints/${dead.id}`, { key });
      expect(deadEndpoint.body).toMatchObject({ enabled: false, disabledReason: "gone", disabledError: "HTTP 410", heldDeliveries: 3 });
      // What the 410 answered and what waited behind it are held for when it is turned back on.
      const deadDeliveries = await h.database.db.selectFrom("webhook_deliveries").select("state").where("endpoint_id", "=", dead.id).execute();
      expect(deadDeliveries.map((d) => d.state)).toEqual(["held", "held", "held"]);
    } finally {
      await Promise.all([flaky.close(), gone.close()]);
    }
  });

  it("signs with both secrets for a day after a rotation, and sends a test event on request", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const receiver = await startReceiver();
    const created = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["board.created"] } })).body;
    try {
      const rotated = (await h.call("POST", `/v1/webhooks/endpoints/${created.id}/rotate-secret`, { key })).body;
      expect(rotated.secret).not.toBe(created.secret);
      expect(rotated.previousSecretExpiresAt).toEqual(expect.any(String));
      await h.call("POST", `/v1/webhooks/endpoints/${created.id}/test`, { key });
      await drain(ws);
      const [test] = receiver.received;
      expect(verified(created.secret, test!).type).toBe("webhook.test");
      expect(verified(rotated.secret, test!).type).toBe("webhook.test");
      expect(String(test!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("gives up after the last retry, shows every attempt, and replays and recovers with valid signatures", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    let healthy = false;
    const receiver = await startReceiver(() => (healthy ? 200 : 500));
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["board.created"] } })).body;
    try {
      const since = new Date().toISOString();
      await h.call("POST", "/v1/boards", { key, json: { name: "First" } });
      await h.call("POST", "/v1/boards", { key, json: { name: "Second" } });
      // The whole schedule (about 28 hours) shrunk to a fraction of a second.
      await drain(ws, 10_000, { ...FAST, retryScale: 0.000001 });
      const list = (await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}/deliveries`, { key })).body.data;
      expect(list.map((d: { state: string; attempts: number }) => [d.state, d.attempts])).toEqual([
        ["failed", 8],
        ["failed", 8],
      ]);
      expect(list[0]).toMatchObject({ lastStatus: 500, lastResponseExcerpt: "not now", eventType: "board.created" });
      const failedOnly = await h.call("GET", `/v1/webhooks/endpoints/${endpoint.id}/deliveries?state=failed&eventType=board.created`, { key });
      expect(failedOnly.body.data).toHaveLength(2);
      const detail = (await h.call("GET", `/v1/webhooks/deliveries/${list[1].id}`, { key })).body;
      expect(detail.attemptLog.map((a: { attempt: number; status: number }) => [a.attempt, a.status])).toEqual(
        Array.from({ length: 8 }, (_, i) => [i + 1, 500]),
      );
      const times = detail.attemptLog.map((a: { startedAt: string }) => a.startedAt);
      expect(times).toEqual([...times].sort());

      healthy = true;
      const replay = await h.call("POST", `/v1/webhooks/deliveries/${list[1].id}/replay`, { key });
      expect(replay.status).toBe(202);
      expect(replay.body).toMatchObject({ eventId: list[1].eventId, state: "pending", attempts: 0 });
      await drain(ws);
      expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([list[1].eventId]);
      expect(verified(endpoint.secret, receiver.received[0]!).type).toBe("board.created");

      const recovered = await h.call("POST", `/v1/webhooks/endpoints/${endpoint.id}/recover`, { key, json: { since } });
      expect(recovered.body).toEqual({ recovered: 2 });
      await drain(ws);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(new Set(ids)).toEqual(new Set([list[0].eventId, list[1].eventId]));
      expect(receiver.received.every((r) => verified(endpoint.secret, r).type === "board.created")).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("refuses private targets when saved and when resolved, unless the operator allows them", async () => {
    const ws = await h.workspace();
    const strict = { ...ws.ctx, services: { ...ws.ctx.services, webhooksAllowPrivate: false } };
    for (const url of [
      "http://example.com/hook",
      "https://127.0.0.1/x",
      "https://10.1.2.3/x",
      "https://169.254.169.254/latest",
      "https://[::1]/x",
      "https://localhost/x",
      "https://user:pw@example.com/x",
      "not a url",
    ]) {
      await expect(createWebhookEndpoint({ ctx: strict, input: { url, events: ["*"] } }), url).rejects.toMatchObject({ code: "validation_failed" });
    }
    // An http address is told how it could be taken, on its field.
    await expect(createWebhookEndpoint({ ctx: strict, input: { url: "http://example.com/hook", events: ["*"] } })).rejects.toMatchObject({
      errors: [{ pointer: "/url", detail: expect.stringContaining("WEBHOOKS_ALLOW_PRIVATE=1") }],
    });
    expect(checkWebhookUrl("https://hooks.example.com/heed", false)).toBe("https://hooks.example.com/heed");
    expect(["192.168.0.1", "172.16.5.5", "100.64.0.1", "::ffff:10.0.0.1", "fd00::1", "fe80::1"].every(isBlockedAddress)).toBe(true);
    expect(["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "::ffff:5db8:d822"].some(isBlockedAddress)).toBe(false);
    // Every spelling of a private IPv4 address inside IPv6: mapped (as the URL parser rewrites it),
    // IPv4-compatible, NAT64.
    expect(["::ffff:7f00:1", "::ffff:a9fe:a9fe", "::7f00:1", "64:ff9b::a9fe:a9fe", "::", "::1"].every(isBlockedAddress)).toBe(true);
    for (const url of ["https://[::ffff:127.0.0.1]/hook", "https://[::ffff:7f00:1]/hook", "https://[::ffff:a9fe:a9fe]/latest/meta-data"]) {
      expect(() => checkWebhookUrl(url, false), url).toThrow(/refused/);
    }
    // At delivery time a name that resolves to a private address is refused before any byte is sent.
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const result = await sendWebhook(`http://localhost:${port}/hook`, {}, "{}", { timeoutMs: 1000, allowPrivate: false });
      expect(result.error).toMatch(/refused/);
      expect(receiver.received).toHaveLength(0);
      expect((await sendWebhook(`http://localhost:${port}/hook`, {}, "{}", { timeoutMs: 1000, allowPrivate: true })).status).toBe(200);
    } finally {
      await receiver.close();
    }
    const list = await h.call("GET", "/v1/webhooks/event-types", { key: await ws.key() });
    expect(list.body.data.map((e: { type: string }) => e.type)).toContain("changelog.published");
    const published = list.body.data.find((e: { type: string }) => e.type === "changelog.published");
    expect(published.schema.properties.data.properties).toHaveProperty("publishedAt");
  });

  it("delivers from a running server: its worker fans out and sends committed events", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const receiver = await startReceiver();
    const server = await startServer(h.database.url, { SEED_DEMO: "0", WEBHOOKS_ALLOW_PRIVATE: "1", WEBHOOK_POLL_MS: "50" });
    try {
      const endpoint = (await fetch(`${server.url}/v1/webhooks/endpoints`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ url: receiver.url, events: ["board.created"] }),
      }).then((r) => r.json())) as { secret: string };
      await fetch(`${server.url}/v1/boards`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "From the worker" }),
      });
      const end = Date.now() + 5000;
      while (receiver.received.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(receiver.received.map((r) => verified(endpoint.secret, r).type)).toEqual(["board.created"]);
    } finally {
      await server.stop();
      await receiver.close();
    }
  });

  it("loses no event of a committed change when the process is killed mid-burst, and sends none for a rolled-back one", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const receiver = await startReceiver();
    await createWebhookEndpoint({ ctx: ws.ctx, input: { url: receiver.url, events: ["board.created"] } });
    // A short delivery timeout keeps the lease of a delivery the killed process held short.
    const env = { SEED_DEMO: "0", WEBHOOKS_ALLOW_PRIVATE: "1", WEBHOOK_POLL_MS: "20", WEBHOOK_TIMEOUT_MS: "1000" };
    const first = await startServer(h.database.url, env);
    try {
      let answered = 0;
      const burst = Array.from({ length: 150 }, (_, i) =>
        fetch(`${first.url}/v1/boards`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ name: `Burst ${i}` }),
        })
          .then(async (r) => (r.status === 201 ? ((await r.json()) as { id: string }).id : null))
          .catch(() => null)
          .finally(() => answered++),
      );
      // Kill once some writes are acknowledged and most are still in flight.
      const killBy = Date.now() + 5000;
      while (answered < 10 && Date.now() < killBy) await new Promise((r) => setTimeout(r, 2));
      first.child.kill("SIGKILL");
      const acknowledged = (await Promise.all(burst)).filter((id): id is string => id !== null);

      const second = await startServer(h.database.url, env);
      try {
        const committed = async () =>
          (await h.database.db.selectFrom("boards").select("id").where("workspace_id", "=", ws.id).where("name", "like", "Burst %").execute()).map((b) => b.id);
        const delivered = () => new Set(receiver.received.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id));
        const end = Date.now() + 20_000;
        while (Date.now() < end && delivered().size < (await committed()).length) await new Promise((r) => setTimeout(r, 50));
        const ids = await committed();
        expect(ids.length).toBeGreaterThan(0);
        expect(ids.length).toBeLessThan(150); // the kill did cut the burst short
        expect([...delivered()].sort()).toEqual([...ids].sort()); // every committed board, nothing else
        expect(acknowledged.every((id) => ids.includes(id))).toBe(true);
        // At least once: a webhook-id may arrive twice around the kill, never with another body.
        const byId = new Map<string, string>();
        for (const r of receiver.received) {
          const id = String(r.headers["webhook-id"]);
          expect(byId.get(id) ?? r.body).toBe(r.body);
          byId.set(id, r.body);
        }
      } finally {
        await second.stop();
      }
    } finally {
      if (first.child.exitCode === null) first.child.kill("SIGKILL");
      await receiver.close();
    }
  });

  it("does not let a slow endpoint hold up another", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const slow = await startReceiver(() => 200, 1500);
    const fast = await startReceiver();
    await createWebhookEndpoint({ ctx: ws.ctx, input: { url: slow.url, events: ["board.created"] } });
    await createWebhookEndpoint({ ctx: ws.ctx, input: { url: fast.url, events: ["board.created"] } });
    const server = await startServer(h.database.url, { SEED_DEMO: "0", WEBHOOKS_ALLOW_PRIVATE: "1", WEBHOOK_POLL_MS: "20" });
    try {
      for (let i = 0; i < 5; i++) expect((await h.call("POST", "/v1/boards", { key, json: { name: `Board ${i}` } })).status).toBe(201);
      const end = Date.now() + 5000;
      while (fast.received.length < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(fast.received).toHaveLength(5);
      expect(slow.received.length).toBeLessThanOrEqual(2); // still working through its first deliveries
    } finally {
      await server.stop();
      await Promise.all([slow.close(), fast.close()]);
    }
  });

  /**
   * Four board events for an endpoint whose receiver takes a second to answer, and one pass that
   * reads them as one run, with the first send in flight when `midway` changes the endpoint.
   */
  async function changedMidRun(midway: (key: string, endpointId: string) => Promise<void>) {
    const ws = await h.workspace();
    const key = await ws.key();
    const slow = await startReceiver(() => 200, 1000);
    const endpoint = (await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: slow.url, events: ["board.created"] } })).body;
    try {
      for (let i = 0; i < 4; i++) expect((await h.call("POST", "/v1/boards", { key, json: { name: `Board ${i}` } })).status).toBe(201);
      await fanOutEvents(h.services);
      const pass = deliverDue(h.database.db, FAST);
      await new Promise((r) => setTimeout(r, 150));
      await midway(key, endpoint.id);
      const sent = await pass;
      const left = await h.database.db
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("endpoint_id", "=", endpoint.id)
        .where("state", "=", "pending")
        .execute();
      return { sent, received: slow.received.length, pending: left.length };
    } finally {
      await slow.close();
    }
  }

  it("stops a run of sends when its endpoint is disabled midway", async () => {
    const run = await changedMidRun(async (key, id) => {
      expect((await h.call("PATCH", `/v1/webhooks/endpoints/${id}`, { key, json: { enabled: false } })).status).toBe(200);
    });
    expect(run.received).toBe(1);
    expect(run.pending).toBe(3); // kept for when it is enabled again
  });

  // Deleting an endpoint deletes its deliveries; a lane already sending to it wrote its attempt
  // anyway, and the missing delivery failed the whole write (FOREIGN KEY constraint failed).
  it("ends a run of sends quietly when its endpoint is deleted midway", async () => {
    const run = await changedMidRun(async (key, id) => {
      expect((await h.call("DELETE", `/v1/webhooks/endpoints/${id}`, { key })).status).toBe(204);
    });
    expect(run).toEqual({ sent: 1, received: 1, pending: 0 });
  });

  it("sends every event kind to the endpoints subscribed to it, and only to them", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const all = await startReceiver();
    const some = await startReceiver();
    const subscribed = ["post.updated", "post.merged", "vote.deleted", "comment.updated", "changelog.published", "board.deleted"];
    const everything = await createWebhookEndpoint({ ctx: ws.ctx, input: { url: all.url, events: ["*"] } });
    const selective = await createWebhookEndpoint({ ctx: ws.ctx, input: { url: some.url, events: subscribed } });
    try {
      const boardId = await ws.boardId();
      const post = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Every event" } })).body.id;
      const dup = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Duplicate" } })).body.id;
      await h.call("PATCH", `/v1/posts/${post}`, { key, json: { title: "Every event, renamed" } });
      const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned").id;
      await h.call("POST", `/v1/posts/${post}/status`, { key, json: { statusId: planned } });
      const [userId] = await makeUsers(h.database.db, ws.id, 1);
      await h.call("POST", `/v1/posts/${post}/votes`, { key, json: { userId } });
      await h.call("DELETE", `/v1/posts/${post}/votes/${userId}`, { key });
      const comment = (await h.call("POST", `/v1/posts/${post}/comments`, { key, json: { body: "Hi" } })).body.id;
      await h.call("PATCH", `/v1/comments/${comment}`, { key, json: { body: "Hello" } });
      await h.call("DELETE", `/v1/comments/${comment}`, { key });
      await h.call("POST", `/v1/posts/${dup}/merge`, { key, json: { into: post } });
      const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "Shipped", type: "new" } })).body.id;
      await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });
      const board = (await h.call("POST", "/v1/boards", { key, json: { name: "Temporary" } })).body.id;
      await h.call("PATCH", `/v1/boards/${board}`, { key, json: { description: "Soon gone" } });
      await h.call("DELETE", `/v1/boards/${board}`, { key });
      await h.call("DELETE", `/v1/posts/${post}`, { key });
      const person = await ws.identify("webhook-person");
      await h.call("POST", `/v1/users/${person.userId}/erase`, { key });
      await drain(ws);

      const kinds = (r: { received: Received[] }, secret: string) => new Set(r.received.map((x) => verified(secret, x).type));
      const emitted = kinds(all, everything.secret);
      for (const kind of EVENT_NAMES) expect(emitted.has(kind), kind).toBe(true);
      expect([...kinds(some, selective.secret)].sort()).toEqual([...subscribed].sort());
    } finally {
      await Promise.all([all.close(), some.close()]);
    }
  });
});
