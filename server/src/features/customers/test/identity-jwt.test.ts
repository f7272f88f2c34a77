import { describe, expect, it } from "vitest";
import { purgeUsedJwtIds } from "../jwt-ids.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { type TestWorkspace, useHarness } from "../../../../test/support/harness.js";
import { identityJwt, nowSeconds } from "../../../../test/support/jwt.js";

// Identity JWTs (the portal's single sign-on and POST /v1/identify) live at most an hour, from an
// `iat` that is not in the future; the portal's single sign-on uses each `jti` once, remembered in
// the database until the JWT expires, and identify lets a widget reuse its JWT until then.

const h = useHarness();

async function setUp(ws: TestWorkspace) {
  const key = await ws.key();
  const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
  const sso = async (token: string) => {
    const res = await fetch(`${h.url}/p/${ws.slug}/sso?token=${encodeURIComponent(token)}`, { redirect: "manual" });
    await res.body?.cancel();
    return { status: res.status, cookie: res.headers.get("set-cookie") };
  };
  const identify = (token: string) => h.call("POST", "/v1/identify", { headers: ws.customer(), json: { token } });
  return { secret, sso, identify };
}

describe("identity JWTs", () => {
  it("signs in to the portal once per JWT: the same JWT again is refused", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const token = identityJwt(s.secret, { sub: "ada" });
    expect((await s.sso(token)).status).toBe(303);
    const again = await s.sso(token);
    expect(again.status).toBe(401);
    expect(again.cookie).toBeNull();
    // Another workspace's JWT may carry the same jti: each workspace remembers its own.
    const other = await h.workspace();
    const o = await setUp(other);
    const jti = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti as string;
    expect((await o.sso(identityJwt(o.secret, { sub: "ada", jti }))).status).toBe(303);
  });

  it("refuses a portal sign-in JWT without a jti", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    expect((await s.sso(identityJwt(s.secret, { sub: "ada", jti: undefined }))).status).toBe(401);
    expect((await s.sso(identityJwt(s.secret, { sub: "ada", jti: "" }))).status).toBe(401);
    expect((await s.sso(identityJwt(s.secret, { sub: "ada", jti: "x".repeat(300) }))).status).toBe(401);
  });

  it("refuses a JWT that lives longer than an hour, has no iat, or was issued in the future, on both ways in", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    const now = nowSeconds();
    for (const claims of [{ exp: now + 10 * 365 * 86_400 }, { iat: now, exp: now + 3601 }, { iat: undefined }, { iat: now + 600, exp: now + 900 }]) {
      const token = identityJwt(s.secret, { sub: "ada", ...claims });
      expect((await s.sso(token)).status, JSON.stringify(claims)).toBe(401);
      const res = await s.identify(token);
      expect(res.status, JSON.stringify(claims)).toBe(401);
      expect(res.body.code).toBe("identity_not_verified");
    }
    // An hour exactly, and a clock a few seconds ahead of ours, are fine.
    expect((await s.identify(identityJwt(s.secret, { sub: "ada", iat: now, exp: now + 3600 }))).status).toBe(200);
    expect((await s.identify(identityJwt(s.secret, { sub: "ada", iat: now + 20, exp: now + 320 }))).status).toBe(200);
  });

  it("lets identify take the same JWT again (a widget reuses its token until it expires), with or without a jti", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    for (const token of [identityJwt(s.secret, { sub: "ada" }), identityJwt(s.secret, { sub: "bob", jti: undefined })]) {
      expect((await s.identify(token)).status).toBe(200);
      expect((await s.identify(token)).status).toBe(200);
    }
    // Identify does not use up a jti the portal would take.
    const shared = identityJwt(s.secret, { sub: "cy" });
    expect((await s.identify(shared)).status).toBe(200);
    expect((await s.sso(shared)).status).toBe(303);
  });

  it("forgets a used jti once its JWT has expired", async () => {
    const ws = await h.workspace();
    const s = await setUp(ws);
    expect((await s.sso(identityJwt(s.secret, { sub: "ada" }))).status).toBe(303);
    const remembered = () => h.database.db.selectFrom("identity_jwt_uses").select("jti").where("workspace_id", "=", ws.id).execute();
    expect(await remembered()).toHaveLength(1);
    expect(await purgeUsedJwtIds(h.database.db)).toBe(0);
    shiftClock(10 * 60_000);
    try {
      expect(await purgeUsedJwtIds(h.database.db)).toBeGreaterThanOrEqual(1);
      expect(await remembered()).toHaveLength(0);
    } finally {
      shiftClock(-10 * 60_000);
    }
  });
});
