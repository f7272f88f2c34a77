import { describe, expect, it } from "vitest";
import { userHash } from "../identity-proof.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { identityJwt, jwt, nowSeconds } from "../../../../test/support/jwt.js";

// POST /v1/identify as a customer's app calls it, and the ways someone holding only the public key
// might try to act as another end user once identity verification is on.

const h = useHarness();

const inAnHour = () => nowSeconds() + 3600;
/** Claims that would pass, but for what each refusal changes. */
const victim = () => ({ id: "victim", iat: nowSeconds(), exp: nowSeconds() + 300 });

async function verifyingWorkspace(): Promise<{ ws: TestWorkspace; secret: string }> {
  const ws = await h.workspace();
  const key = await ws.key();
  await h.call("PATCH", "/v1/workspace", { key, json: { identityVerification: true } });
  const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret;
  return { ws, secret };
}

/** A workspace as one made before identity verification was on by default, or whose owner turned it off. */
async function unverifiedWorkspace(): Promise<TestWorkspace> {
  const ws = await h.workspace();
  await h.call("PATCH", "/v1/workspace", { key: await ws.key(), json: { identityVerification: false } });
  return ws;
}

function identify(ws: TestWorkspace, json: unknown, token?: string) {
  return h.call("POST", "/v1/identify", { headers: ws.customer(token), json });
}

describe("identify", () => {
  it("creates the end user with their company, updates them by user id, and hands out a token", async () => {
    const ws = await h.workspace();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key: await ws.key() })).body.identitySecret;
    const first = await identify(ws, {
      userId: "u-1",
      email: "ada@example.com",
      name: "Ada",
      company: { id: "acme", name: "Acme", monthlySpend: 500 },
      traits: { plan: "pro" },
      userHash: userHash(secret, "u-1"),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      user: { id: expect.stringMatching(/^usr_/), externalId: "u-1", email: "ada@example.com", name: "Ada", avatarUrl: null },
      token: expect.stringMatching(/^heed_ut_/),
      expiresAt: expect.any(String),
    });
    const lifetime = Date.parse(first.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(3_500_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);

    const again = await identify(ws, { userId: "u-1", name: "Ada Lovelace", userHash: userHash(secret, "u-1") });
    expect(again.body.user).toMatchObject({ id: first.body.user.id, name: "Ada Lovelace", email: "ada@example.com" });

    const stored = (await h.call("GET", `/v1/users/${first.body.user.id}`, { key: await ws.key() })).body;
    expect(stored).toMatchObject({ externalId: "u-1", company: { externalId: "acme", name: "Acme", monthlySpend: 500 }, traits: { plan: "pro" } });
    expect(stored.lastSeenAt).not.toBeNull();

    const events = await h.database.db
      .selectFrom("outbox")
      .select(["type", "data"])
      .where("workspace_id", "=", ws.id)
      .where("type", "=", "user.identified")
      .execute();
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ id: first.body.user.id, externalId: "u-1" });
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select(["actor_type", "actor_id"])
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "user.identified")
      .execute();
    expect(audit).toEqual([
      { actor_type: "end_user", actor_id: first.body.user.id },
      { actor_type: "end_user", actor_id: first.body.user.id },
    ]);
  });

  it("cannot revive a deleted end user through their anonymised id", async () => {
    const ws = await h.workspace();
    const { userId } = await ws.identify("leaving");
    expect((await h.call("DELETE", `/v1/users/${userId}`, { key: await ws.key() })).status).toBe(204);
    const revived = await identify(ws, { userId: `deleted:${userId}`, name: "Impostor" });
    expect(revived.status).toBe(400);
    expect(revived.body.errors).toEqual([{ pointer: "/userId", code: "invalid", detail: expect.any(String) }]);
    const row = await h.database.db.selectFrom("users").select(["name", "deleted_at"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: null, deleted_at: expect.any(String) });
  });

  it("refuses a JWT or a token together with other fields, and neither userId nor token (400)", async () => {
    const ws = await h.workspace();
    for (const body of [{}, { name: "x" }, { token: "a.b.c", userId: "u" }, { userId: "" }, { userId: "u", company: { id: "c" } }]) {
      const res = await identify(ws, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
  });
});

describe("identity verification", () => {
  it("refuses a missing hash, a wrong hash and another user's hash; takes the right one", async () => {
    const { ws, secret } = await verifyingWorkspace();
    const missing = await identify(ws, { userId: "victim" });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe("identity_not_verified");
    const wrong = await identify(ws, { userId: "victim", userHash: "0".repeat(64) });
    expect(wrong.body.code).toBe("identity_not_verified");
    const stolen = await identify(ws, { userId: "victim", userHash: userHash(secret, "attacker") });
    expect(stolen.status).toBe(401);
    const otherSecret = await identify(ws, { userId: "victim", userHash: userHash("not-the-secret", "victim") });
    expect(otherSecret.status).toBe(401);
    expect(await h.database.db.selectFrom("users").select("id").where("workspace_id", "=", ws.id).execute()).toEqual([]);

    const right = await identify(ws, { userId: "victim", userHash: userHash(secret, "victim").toUpperCase() });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
  });

  it("takes a JWT signed with the identity secret, and refuses forged, unsigned, expired and exp-less ones", async () => {
    const { ws, secret } = await verifyingWorkspace();
    const good = await identify(ws, {
      token: identityJwt(secret, { id: "jwt-user", email: "j@example.com", name: "Jay", company: { id: "co", name: "Co" } }),
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.user).toMatchObject({ externalId: "jwt-user", email: "j@example.com", name: "Jay" });
    const viaSub = await identify(ws, { token: identityJwt(secret, { sub: "sub-user" }) });
    expect(viaSub.body.user.externalId).toBe("sub-user");

    const refusals = [
      identityJwt("wrong-secret", { id: "victim" }),
      jwt(secret, victim(), { alg: "none" }),
      jwt(secret, victim(), { alg: "HS512" }),
      jwt(secret, { ...victim(), iat: nowSeconds() - 600, exp: nowSeconds() - 120 }),
      jwt(secret, { ...victim(), exp: undefined }),
      jwt(secret, { ...victim(), nbf: inAnHour() }),
      `${jwt(secret, victim()).split(".").slice(0, 2).join(".")}.`,
      "not-a-jwt",
    ];
    for (const token of refusals) {
      const res = await identify(ws, { token });
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe("identity_not_verified");
    }
    // A verified JWT whose claims are invalid is a 400 pointing into the token.
    const badClaims = await identify(ws, { token: identityJwt(secret, { id: "x", email: "not-an-email" }) });
    expect(badClaims.status).toBe(400);
    expect(badClaims.body.errors).toEqual([{ pointer: "/token/email", code: "invalid_format", detail: expect.any(String) }]);
    expect(
      (await h.database.db.selectFrom("users").select("external_id").where("workspace_id", "=", ws.id).orderBy("external_id").execute()).map(
        (r) => r.external_id,
      ),
    ).toEqual(["jwt-user", "sub-user"]);
  });

  it("takes a company (its spend, its name, who belongs to it) only from a proven identity, even with verification off", async () => {
    const ws = await unverifiedWorkspace();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key: await ws.key() })).body.identitySecret;
    const company = { id: "acme", name: "Acme", monthlySpend: 1_000_000 };
    const unproven = await identify(ws, { userId: "u", company });
    expect(unproven.status).toBe(401);
    expect(unproven.body.code).toBe("identity_not_verified");
    expect((await identify(ws, { userId: "u", company, userHash: userHash(secret, "u") })).status).toBe(200);
    // Joining the big company, renaming it or leaving it: each would move the revenue ranking.
    for (const attempt of [{ id: "acme", name: "Renamed by attacker" }, { id: "acme", name: "Acme" }, null]) {
      const res = await identify(ws, { userId: "attacker", company: attempt });
      expect(res.status, JSON.stringify(attempt)).toBe(401);
      expect(res.body.code).toBe("identity_not_verified");
    }
    expect((await identify(ws, { userId: "u", company: null })).status).toBe(401);
    expect((await identify(ws, { userId: "attacker" })).status).toBe(200);
    const companies = (await h.call("GET", "/v1/companies", { key: await ws.key() })).body.data;
    expect(companies).toEqual([expect.objectContaining({ externalId: "acme", name: "Acme", monthlySpend: 1_000_000 })]);
  });

  it("checks a hash sent while verification is off, so a broken integration shows", async () => {
    const ws = await unverifiedWorkspace();
    const res = await identify(ws, { userId: "u", userHash: "f".repeat(64) });
    expect(res.status).toBe(401);
    expect((await identify(ws, { userId: "u" })).status).toBe(200);
  });

  it("voids every end-user token when the identity secret rotates, and refuses expired ones", async () => {
    const ws = await h.workspace();
    const { token } = await ws.identify("rotated");
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) })).status).toBe(200);
    const rotated = await h.call("POST", "/v1/workspace/identity-secret/rotate", { key: await ws.key() });
    expect(rotated.status).toBe(200);
    const refused = await h.call("GET", "/v1/portal/me", { headers: ws.customer(token) });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_user_token");

    const fresh = await ws.identify("rotated");
    expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(fresh.token) })).status).toBe(200);
    shiftClock(3_601_000);
    try {
      const expired = await h.call("GET", "/v1/portal/me", { headers: ws.customer(fresh.token) });
      expect(expired.status).toBe(401);
      expect(expired.body.detail).toContain("expired");
      // Identifying again renews it, even when the browser still sends the expired token along.
      const renewed = await identify(ws, { userId: "rotated", userHash: await ws.userHash("rotated") }, fresh.token);
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      expect((await h.call("GET", "/v1/portal/me", { headers: ws.customer(renewed.body.token) })).status).toBe(200);
    } finally {
      shiftClock(-3_601_000);
    }
  });
});
