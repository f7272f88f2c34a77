import { randomBytes } from "node:crypto";
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebhookEndpoint } from "../../../features/webhooks/endpoints.js";
import { newId } from "../../../platform/lib/ids.js";
import { isoAt, nowIso, nowMs } from "../../../platform/lib/clock.js";
import { operations } from "../../../routes.js";
import { useHarness } from "../../../../test/support/harness.js";
import { freePort, type Started, startServer } from "../../../../test/support/processes.js";
import { samples, scrape, sampleValue } from "./exposition.js";

// GET /metrics on servers started as `npm start` starts them, on the database under test: off
// unless configured, behind METRICS_TOKEN on the main port, only on METRICS_PORT when that is set,
// summed over the processes of WORKERS, labelled without ids, keys or emails, and with the
// background work's backlog read from the database.

const h = useHarness();
const TOKEN = `metrics-${randomBytes(16).toString("hex")}`;
const servers: Started[] = [];

async function started(env: Record<string, string>): Promise<Started> {
  const server = await startServer(h.database.url, { SEED_DEMO: "0", PUBLIC_URL: h.services.publicUrl, ...env });
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const requestCount = (text: string, operation: string, status = "2xx") =>
  sampleValue(text, "heed_http_request_duration_seconds_count", { operation, method: "GET", status }) ?? 0;

/** A GET on a connection of its own, so that node:cluster hands each to the next worker. */
function getOnNewConnection(url: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    })
      .on("error", reject)
      .end();
  });
}

describe("GET /metrics", () => {
  it("is an unknown path while neither METRICS_TOKEN nor METRICS_PORT is set", async () => {
    const server = await started({});
    for (const token of [undefined, TOKEN]) {
      const { status, text } = await scrape(server.url, token);
      expect(status).toBe(404);
      expect(JSON.parse(text)).toMatchObject({ code: "not_found" });
    }
  });

  describe("with METRICS_TOKEN", () => {
    let server: Started;
    beforeAll(async () => {
      server = await started({ METRICS_TOKEN: TOKEN });
    }, 60_000);

    it("asks for the token as a bearer token, compared whole", async () => {
      for (const headers of [{}, bearer(TOKEN.replace(/.$/, "x")), bearer(`${TOKEN}x`), bearer("short"), { authorization: `Basic ${TOKEN}` }]) {
        const res = await fetch(`${server.url}/metrics`, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
        expect(await res.json()).toMatchObject({ code: "invalid_credential" });
      }
      const { status, type, text } = await scrape(server.url, TOKEN);
      expect(status).toBe(200);
      expect(type).toBe("text/plain; version=0.0.4; charset=utf-8");
      // The process's own figures, and both threads' database timings.
      for (const name of ["process_resident_memory_bytes", "nodejs_eventloop_lag_p99_seconds", "heed_background_thread_restarts_total"])
        expect(sampleValue(text, name), name).toBeGreaterThanOrEqual(0);
      await expect
        .poll(async () => sampleValue((await scrape(server.url, TOKEN)).text, "heed_db_statement_duration_seconds_count", { thread: "background" }))
        .toBeGreaterThan(0);
      expect(sampleValue(text, "heed_db_statement_duration_seconds_count", { thread: "main" })).toBeGreaterThan(0);
    });

    it("labels requests by what answered them, never by an id, key or email in the URL", async () => {
      const ws = await h.workspace();
      const key = await ws.key();
      const created = await fetch(`${server.url}/v1/posts`, {
        method: "POST",
        headers: { ...bearer(key), "content-type": "application/json" },
        body: JSON.stringify({ boardId: await ws.boardId(), title: "Counted" }),
      });
      expect(created.status).toBe(201);
      const post = (await created.json()) as { id: string };
      const externalId = `person-${randomBytes(4).toString("hex")}`;
      const email = `${externalId}@example.com`;
      const identified = await fetch(`${server.url}/v1/identify`, {
        method: "POST",
        headers: { ...ws.customer(), "content-type": "application/json" },
        body: JSON.stringify({ userId: externalId, email, name: "Counted Person", userHash: await ws.userHash(externalId) }),
      });
      expect(identified.status).toBe(200);
      const userId = ((await identified.json()) as { user: { id: string } }).user.id;

      const before = (await scrape(server.url, TOKEN)).text;
      // Reads of one post until the front door answers one from what the app kept. The app answers
      // the first, and again whenever background work (the new post's duplicate check) changed the
      // workspace meanwhile, which makes what was kept stale.
      let reads = 0;
      while (reads < 20) {
        expect((await fetch(`${server.url}/v1/posts/${post.id}`, { headers: bearer(key) })).status).toBe(200);
        reads++;
        if (requestCount((await scrape(server.url, TOKEN)).text, "front-door:kept") > requestCount(before, "front-door:kept")) break;
      }
      const asked = [
        `/v1/users?q=${encodeURIComponent(email)}`,
        `/v1/users/${userId}`,
        `/v1/users/${encodeURIComponent(email)}`,
        `/v1/posts/${newId("post")}`,
        `/v1/not-a-route/${post.id}`,
        `/p/${ws.slug}`,
        `/p/${ws.slug}/posts/${post.id}`,
        `/${email}`,
      ];
      for (const path of asked) await (await fetch(`${server.url}${path}`, { headers: bearer(key) })).arrayBuffer();
      // A method of no route and none of the usual ones: one label for all such.
      await (await fetch(`${server.url}/v1/posts/${post.id}`, { method: "PROPFIND", headers: bearer(key) })).arrayBuffer();
      await (await fetch(`${server.url}/v1/posts`)).arrayBuffer();

      const { text } = await scrape(server.url, TOKEN);
      for (const secret of [post.id, ws.id, ws.slug, key, key.slice(0, 16), email, externalId, userId]) expect(text).not.toContain(secret);
      const names = new Set([
        ...operations.map((o) => o.route.operationId),
        "portal",
        "static",
        "health",
        "preflight",
        "unmatched",
        "metrics",
        "front-door:health",
        "front-door:kept",
        "front-door:kept-page",
        "front-door:refusal",
      ]);
      const labelled = samples(text).filter((s) => s.name === "heed_http_request_duration_seconds_count");
      for (const { labels } of labelled) {
        expect(names, labels.operation).toContain(labels.operation);
        expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"]).toContain(labels.method);
        expect(["1xx", "2xx", "3xx", "4xx", "5xx"]).toContain(labels.status);
      }
      // Each read counted once, under what answered it: the app's getPost, or the front door's kept answer.
      const byApp = requestCount(text, "getPost") - requestCount(before, "getPost");
      const byDoor = requestCount(text, "front-door:kept") - requestCount(before, "front-door:kept");
      expect([byApp >= 1, byDoor]).toEqual([true, 1]);
      expect(byApp + byDoor).toBe(reads);
      expect(sampleValue(text, "heed_kept_answers_total", { result: "hit", at: "front-door" })).toBeGreaterThanOrEqual(1);
      expect(requestCount(text, "getPost", "4xx")).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, "heed_http_request_duration_seconds_count", { operation: "portal" })).toBeGreaterThanOrEqual(2);
      expect(requestCount(text, "unmatched", "4xx")).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, "heed_http_request_duration_seconds_count", { operation: "unmatched", method: "OTHER" })).toBe(1);
      expect(requestCount(text, "front-door:refusal", "4xx")).toBeGreaterThanOrEqual(1);
      // Buckets for fast answers: a kept answer lands below a millisecond or two.
      expect(samples(text).some((s) => s.name === "heed_http_request_duration_seconds_bucket" && s.labels.le === "0.0005")).toBe(true);
    });

    it("reads every queue's backlog and every follower's lag from the database", async () => {
      // A workspace of its own, written to by nobody else: its endpoint's deliveries are the only ones.
      const ws = await h.workspace();
      const endpoint = await createWebhookEndpoint({ ctx: ws.ctx, input: { url: "http://127.0.0.1:9/hook", events: ["*"] } });
      const delivery = (state: "pending" | "failed", nextAttemptAt: string | null) => ({
        id: newId("webhookDelivery"),
        workspace_id: ws.id,
        endpoint_id: endpoint.id,
        event_id: newId("event"),
        event_type: "post.created",
        payload: "{}",
        state,
        attempts: 1,
        next_attempt_at: nextAttemptAt,
        locked_until: null,
        last_status: null,
        last_error: state === "failed" ? "gone" : null,
        created_at: nowIso(),
        updated_at: nowIso(),
      });
      // Not due for an hour, so the server's webhook worker leaves it waiting.
      await h.database.db
        .insertInto("webhook_deliveries")
        .values([delivery("pending", isoAt(nowMs() + 3_600_000)), delivery("failed", null)])
        .execute();

      const { text } = await scrape(server.url, TOKEN);
      const queue = { queue: "webhook deliveries" };
      expect(sampleValue(text, "heed_queue_depth", queue)).toBe(1);
      expect(sampleValue(text, "heed_queue_dead_letters", queue)).toBe(1);
      expect(sampleValue(text, "heed_queue_in_flight", queue)).toBe(0);
      expect(sampleValue(text, "heed_queue_oldest_due_seconds", queue)).toBe(0);
      for (const name of ["notification mails", "integration deliveries", "member mails", "bulk jobs", "exports", "imports"])
        for (const metric of ["heed_queue_depth", "heed_queue_oldest_due_seconds", "heed_queue_in_flight", "heed_queue_dead_letters"])
          expect(sampleValue(text, metric, { queue: name }), `${metric} ${name}`).toBeGreaterThanOrEqual(0);
      for (const follower of ["webhooks", "integrations", "duplicate-checks", "notifications"])
        for (const metric of ["heed_outbox_lag_events", "heed_outbox_lag_seconds"])
          expect(sampleValue(text, metric, { follower }), `${metric} ${follower}`).toBeGreaterThanOrEqual(0);
      if (h.services.dialect === "postgres") expect(sampleValue(text, "heed_db_sessions_waiting_for_lock")).toBeGreaterThanOrEqual(0);
    });
  });

  it("is served only on METRICS_PORT when that is set, with the token asked there too", async () => {
    const port = await freePort();
    const server = await started({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: "3" });
    const metricsUrl = `http://127.0.0.1:${port}`;
    expect((await scrape(server.url, TOKEN)).status).toBe(404);
    expect((await scrape(metricsUrl)).status).toBe(401);
    expect((await fetch(`${metricsUrl}/v1/posts`, { headers: bearer(TOKEN) })).status).toBe(404);
    // Requests on the main port, counted: without a key, refused at the door until the limit (3, of
    // which the 404 above took one), then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.url}/v1/posts`)).status);
    expect(statuses).toEqual([401, 401, 429, 429, 429]);
    const { status, text } = await scrape(metricsUrl, TOKEN);
    expect(status).toBe(200);
    expect(sampleValue(text, "heed_http_request_duration_seconds_count", { operation: "unmatched", status: "4xx" })).toBe(1);
    expect(requestCount(text, "front-door:refusal", "4xx")).toBe(2);
    expect(requestCount(text, "listPosts", "4xx")).toBe(3);
    expect(sampleValue(text, "heed_rate_limit_refusals_total", { limit: "ip" })).toBe(3);
  });

  it("answers for every process of WORKERS, on the main port through whichever worker the scrape reaches", async () => {
    const server = await started({ WORKERS: "2", METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
    await expect.poll(() => server.stderr().match(/"heed listening"/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
    const ws = await h.workspace();
    const key = await ws.key();
    // A connection each, so node:cluster hands them to both workers; a new URL each, so the app answers each.
    for (let i = 1; i <= 8; i++) expect((await getOnNewConnection(`${server.url}/v1/boards?n=${i}`, bearer(key))).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const { status, text } = await getOnNewConnection(`${server.url}/metrics`, bearer(TOKEN));
      expect(status).toBe(200);
      expect(requestCount(text, "listBoards")).toBe(8);
      // Reported once for the machine, by the primary, which runs the background work.
      expect(samples(text).filter((s) => s.name === "heed_queue_depth")).toHaveLength(7);
      expect(samples(text).filter((s) => s.name === "process_resident_memory_bytes")).toHaveLength(1);
    }
  });
});
