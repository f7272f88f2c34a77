import { describe, expect, it } from "vitest";
import { SCOPE_PRESETS } from "../../../../../packages/shared/src/scopes.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { isWellFormedKey, sha256Hex } from "../../../platform/lib/secret-keys.js";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();

describe("API keys", () => {
  it("shows a new key once, stores only its SHA-256, and lists it by prefix and last 4", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const created = await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "CI", scopes: ["posts:read"] } });
    expect(created.status).toBe(201);
    const { key, id } = created.body;
    expect(isWellFormedKey("sk", key)).toBe(true);
    expect(key).toMatch(/^heed_sk_[0-9A-Za-z]{38}$/);
    expect(created.body).toMatchObject({
      name: "CI",
      scopes: ["posts:read"],
      prefix: key.slice(0, 12),
      last4: key.slice(-4),
      revokedAt: null,
      lastUsedAt: null,
      rateLimitPerMinute: null,
    });

    const row = await h.database.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(key));
    expect(Object.values(row).some((v) => typeof v === "string" && v.includes(key.slice(12, 30)))).toBe(false);

    const listed = (await h.call("GET", "/v1/api-keys", { key: admin })).body.data.find((k: { id: string }) => k.id === id);
    expect(listed).toEqual({ ...created.body, key: undefined, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(key);
  });

  it("never mints a key with a permission its creator lacks", async () => {
    const ws = await h.workspace();
    const limited = await ws.key(["api_keys:write", "posts:read"]);
    const ok = await h.call("POST", "/v1/api-keys", { key: limited, json: { name: "narrower", scopes: ["posts:read", "api_keys:read"] } });
    expect(ok.status).toBe(201);
    for (const scopes of [["*"], ["posts:write"], ["boards:read"], ["posts:read", "users:read"]]) {
      const res = await h.call("POST", "/v1/api-keys", { key: limited, json: { name: "wider", scopes } });
      expect(res.status, scopes.join()).toBe(403);
      expect(res.body.code).toBe("missing_scope");
    }
    const full = await ws.key(["*"]);
    expect((await h.call("POST", "/v1/api-keys", { key: full, json: { name: "full", scopes: ["*"] } })).status).toBe(201);
  });

  it("lets a posts:read key list and read posts and nothing else", async () => {
    const ws = await h.workspace();
    const reader = await ws.key([...SCOPE_PRESETS.posts_read_only]);
    const boardId = await ws.boardId();
    const post = (await h.call("POST", "/v1/posts", { key: await ws.key(), json: { boardId, title: "Readable" } })).body;

    expect((await h.call("GET", "/v1/posts", { key: reader })).status).toBe(200);
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key: reader })).status).toBe(200);
    const refused: [string, string, unknown?][] = [
      ["POST", "/v1/posts", { boardId, title: "nope" }],
      ["PATCH", `/v1/posts/${post.id}`, { title: "nope" }],
      ["DELETE", `/v1/posts/${post.id}`],
      ["GET", "/v1/boards"],
      ["GET", "/v1/statuses"],
      ["GET", "/v1/api-keys"],
      ["POST", "/v1/api-keys", { name: "x", scopes: ["posts:read"] }],
    ];
    for (const [method, path, json] of refused) {
      const res = await h.call(method, path, { key: reader, json });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await h.call("GET", `/v1/posts/${post.id}`, { key: reader })).body.title).toBe("Readable");
  });

  it("lets the read-only preset read everything and write nothing", async () => {
    const ws = await h.workspace();
    const reader = await ws.key([...SCOPE_PRESETS.read_only]);
    for (const path of ["/v1/posts", "/v1/boards", "/v1/statuses", "/v1/api-keys"]) {
      expect((await h.call("GET", path, { key: reader })).status, path).toBe(200);
    }
    expect((await h.call("POST", "/v1/posts", { key: reader, json: { boardId: await ws.boardId(), title: "x" } })).status).toBe(403);
  });

  it("revokes at once, keeps the key listed, and revoking again is harmless", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const { key, id } = (await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "temp", scopes: ["posts:read"] } })).body;
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(200);

    const revoked = await h.call("DELETE", `/v1/api-keys/${id}`, { key: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(401);
    const again = await h.call("DELETE", `/v1/api-keys/${id}`, { key: admin });
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);

    const audit = await h.database.db.selectFrom("audit_log").select("action").where("object_id", "=", id).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["api_key.created", "api_key.revoked"]);
  });

  it("honours expiry and records lastUsedAt", async () => {
    const ws = await h.workspace();
    const admin = await ws.key();
    const past = await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "old", scopes: ["posts:read"], expiresAt: "2020-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);
    expect(past.body.errors[0].pointer).toBe("/expiresAt");

    const soon = new Date(Date.now() + 60_000).toISOString();
    const created = (await h.call("POST", "/v1/api-keys", { key: admin, json: { name: "soon", scopes: ["posts:read"], expiresAt: soon } })).body;
    expect(created.expiresAt).toBe(soon);
    expect((await h.call("GET", "/v1/posts", { key: created.key })).status).toBe(200);
    const used = (await h.call("GET", "/v1/api-keys?limit=100", { key: admin })).body.data.find((k: { id: string }) => k.id === created.id);
    expect(used.lastUsedAt).toEqual(expect.any(String));

    // A minute later the key has expired, though it was checked (and kept) a moment ago.
    shiftClock(61_000);
    try {
      expect((await h.call("GET", "/v1/posts", { key: created.key })).status).toBe(401);
    } finally {
      shiftClock(-61_000);
    }
  });

  it("refuses a key whose checksum does not match", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const flipped = key.slice(0, 20) + (key[20] === "a" ? "b" : "a") + key.slice(21);
    expect(isWellFormedKey("sk", flipped)).toBe(false);
    const res = await h.call("GET", "/v1/posts", { key: flipped });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_credential");
  });
});
