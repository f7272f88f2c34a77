import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { purgeExpiredKeys } from "../idempotency/store.js";
import { isoAt, shiftClock } from "../../platform/lib/clock.js";
import { useHarness, type TestWorkspace } from "../../../test/support/harness.js";
import { startServer } from "../../../test/support/processes.js";

const h = useHarness();

async function counts(ws: TestWorkspace) {
  const db = h.database.db;
  const n = async (table: "posts" | "outbox" | "audit_log") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("workspace_id", "=", ws.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { posts: await n("posts"), events: await n("outbox"), audit: await n("audit_log") };
}

async function setup() {
  const ws = await h.workspace();
  const key = await ws.key();
  const body = { boardId: await ws.boardId(), title: "Once only" };
  return { ws, key, body, before: await counts(ws) };
}

const write = (key: string, idempotencyKey: string, json: unknown, path = "/v1/posts") =>
  h.call("POST", path, { key, json, headers: { "idempotency-key": idempotencyKey } });

describe("Idempotency-Key", () => {
  it("replays the first answer to a retry, and does the work once", async () => {
    const { ws, key, body, before } = await setup();
    const first = await write(key, "create-post-1", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await write(key, '"create-post-1"', body); // the quoted structured-field form is the same key
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toContain("application/json");
    expect(again.body).toEqual(first.body);
    expect(await counts(ws)).toEqual({ posts: before.posts + 1, events: before.events + 1, audit: before.audit + 1 });
  });

  it("refuses the same key with another request (422) and malformed keys (400)", async () => {
    const { key, body } = await setup();
    await write(key, "k-422", body);
    const otherBody = await write(key, "k-422", { ...body, title: "Something else" });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.code).toBe("idempotency_key_reused");
    expect(
      (await h.call("PATCH", `/v1/posts/${(await write(key, "k-422", body)).body.id}`, { key, json: { title: "x" }, headers: { "idempotency-key": "k-422" } }))
        .status,
    ).toBe(422);
    for (const bad of ["", " ", "x".repeat(256), "naïve", "tab\there", '"unterminated', '"bad \\q escape"']) {
      const res = await write(key, bad, body);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors[0].pointer).toBe("/header/idempotency-key");
    }
    expect((await write(key, "x".repeat(255), body)).status).toBe(201);
  });

  it("scopes keys to the credential", async () => {
    const { ws, key, body, before } = await setup();
    const other = await ws.key();
    expect((await write(key, "shared-name", body)).status).toBe(201);
    const res = await write(other, "shared-name", body);
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect((await counts(ws)).posts).toBe(before.posts + 2);
  });

  it("does the work once under 50 concurrent retries of one key", async () => {
    const { ws, key, body, before } = await setup();
    const answers = await Promise.all(Array.from({ length: 50 }, () => write(key, "storm", body)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const fresh = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "idempotency_in_flight")).toBe(true);
    expect(await counts(ws)).toEqual({ posts: before.posts + 1, events: before.events + 1, audit: before.audit + 1 });
    const replay = await write(key, "storm", body);
    expect(replay.body.id).toBe(fresh[0]!.body.id);
  });

  it("stores nothing when the request failed, so the retry runs: a 5xx, a validation refusal", async () => {
    const { ws, key, body, before } = await setup();
    // A real failure inside the transaction: the outbox is briefly missing, so the write cannot commit.
    await sql`alter table outbox rename to outbox_away`.execute(h.database.db);
    let failed: Awaited<ReturnType<typeof write>>;
    try {
      failed = await write(key, "after-crash", body);
    } finally {
      await sql`alter table outbox_away rename to outbox`.execute(h.database.db);
    }
    expect(failed.status).toBe(500);
    expect(failed.body.detail).not.toMatch(/outbox/);
    expect(await counts(ws)).toEqual(before);
    const retry = await write(key, "after-crash", body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();

    const invalid = await write(key, "fix-and-retry", { ...body, title: "" });
    expect(invalid.status).toBe(400);
    const fixed = await write(key, "fix-and-retry", body);
    expect(fixed.status).toBe(201);
    expect((await counts(ws)).posts).toBe(before.posts + 2);
  });

  it("claims a key only for a request that passed authentication and validation", async () => {
    const { ws, key, body, before } = await setup();
    const keyId = (await h.call("GET", "/v1/api-keys?limit=100", { key })).body.data.find((k: { name: string }) => k.name === "test").id;
    // The first request with this key is still running (its claim, as a process that died mid-way
    // leaves one): a request that reached the key's check would be a 409.
    const { storedKey } = await import("../idempotency/store.js");
    const { requestFingerprint } = await import("../idempotency/key.js");
    const fingerprint = requestFingerprint("POST", "/v1/posts", JSON.stringify(body));
    const claimKey = (scope: string) =>
      h.database.db
        .insertInto("idempotency_keys")
        .values({
          scope,
          key: storedKey("in-flight"),
          fingerprint,
          state: "running",
          locked_until: new Date(Date.now() + 60_000).toISOString(),
          status: null,
          headers: null,
          body: null,
          created_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .execute();
    await claimKey(`api_key:${keyId}`);
    expect((await write(key, "in-flight", { ...body, title: "" })).status).toBe(400);
    const readOnly = await ws.key(["posts:read"]);
    const readOnlyId = (await h.call("GET", "/v1/api-keys?limit=100", { key })).body.data.find(
      (k: { id: string; name: string }) => k.id !== keyId && k.name === "test",
    ).id;
    await claimKey(`api_key:${readOnlyId}`);
    expect((await write(readOnly, "in-flight", body)).status).toBe(403);
    expect((await write(key, "in-flight", body)).status).toBe(409);
    expect((await counts(ws)).posts).toBe(before.posts);
  });

  it("remembers answers that came from the data, such as a 404", async () => {
    const { key } = await setup();
    const missing = await h.call("DELETE", "/v1/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa", { key, headers: { "idempotency-key": "gone" } });
    expect(missing.status).toBe(404);
    const replay = await h.call("DELETE", "/v1/posts/post_01aaaaaaaaaaaaaaaaaaaaaaaa", { key, headers: { "idempotency-key": "gone" } });
    expect(replay.status).toBe(404);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.headers.get("content-type")).toContain("application/problem+json");
  });

  it("keeps neither the key nor a readable answer: a new API key shown once is not in the table", async () => {
    const { key } = await setup();
    const first = await h.call("POST", "/v1/api-keys", { key, json: { name: "minted", scopes: ["posts:read"] }, headers: { "idempotency-key": "mint-1" } });
    expect(first.status).toBe(201);
    const secret: string = first.body.key;
    const rows = await h.database.db.selectFrom("idempotency_keys").selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain("mint-1");
    expect(dump).not.toContain("minted");
    // The client holding the Idempotency-Key still gets its answer back.
    const replay = await h.call("POST", "/v1/api-keys", { key, json: { name: "minted", scopes: ["posts:read"] }, headers: { "idempotency-key": "mint-1" } });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.key).toBe(secret);
  });

  it("lets a retry take over a claim whose process died, and forgets keys after 24 hours", async () => {
    const { ws, key, body, before } = await setup();
    const keyId = (await h.call("GET", "/v1/api-keys?limit=100", { key })).body.data.find((k: { name: string }) => k.name === "test").id;
    // What a process killed mid-request leaves behind: a running claim whose lease has lapsed.
    const { requestFingerprint } = await import("../idempotency/key.js");
    const { storedKey } = await import("../idempotency/store.js");
    await h.database.db
      .insertInto("idempotency_keys")
      .values({
        scope: `api_key:${keyId}`,
        key: storedKey("orphan"),
        fingerprint: requestFingerprint("POST", "/v1/posts", JSON.stringify(body)),
        state: "running",
        locked_until: isoAt(Date.now() - 1000),
        status: null,
        headers: null,
        body: null,
        created_at: isoAt(Date.now() - 2000),
        expires_at: isoAt(Date.now() + 3_600_000),
      })
      .execute();
    expect((await write(key, "orphan", body)).status).toBe(201);

    await write(key, "old", body);
    shiftClock(25 * 3_600_000);
    try {
      expect(await purgeExpiredKeys(h.database.db)).toBeGreaterThan(0);
      const reused = await write(key, "old", { ...body, title: "A day later" });
      expect(reused.status).toBe(201);
    } finally {
      shiftClock(-25 * 3_600_000);
    }
    expect((await counts(ws)).posts).toBe(before.posts + 3);
  });

  it("does the work once when two server processes receive the same key at once", async () => {
    const { ws, key, body, before } = await setup();
    const servers = await Promise.all([startServer(h.database.url, { SEED_DEMO: "0" }), startServer(h.database.url, { SEED_DEMO: "0" })]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${servers[i % 2]!.url}/v1/posts`, {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": "two-processes" },
            body: JSON.stringify(body),
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.every((s) => s === 201 || s === 409),
        statuses.join(),
      ).toBe(true);
      expect(answers.filter((a) => a.status === 201 && !a.headers.get("idempotent-replayed")).length).toBe(1);
      expect((await counts(ws)).posts).toBe(before.posts + 1);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });
});
