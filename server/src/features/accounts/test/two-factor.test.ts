import { describe, expect, it } from "vitest";
import { createInvite } from "../../invites/invites.js";
import { createPasswordResetLink } from "../password-reset.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { PASSWORD, signedIn, signInAs, type TestSession } from "../../../../test/support/sessions.js";
import { codeAt, turnOnTwoFactor } from "../../../../test/support/two-factor.js";

// Two-factor sign-in for the team: enrol with an authenticator's secret (after the password),
// confirm with a code, then every way in (sign-in, a password link, an invite) asks for a code or
// a recovery code; a workspace may require it of everyone. Codes are made with otpauth, as an
// authenticator app would; the clock moves on by whole time steps instead of sleeping.

const h = useHarness();

const turnOn = (who: TestSession) => turnOnTwoFactor(h, who);

const signIn = (who: TestSession, extra: Record<string, string> = {}) =>
  h.call("POST", "/v1/auth/sign-in", { json: { email: who.email, password: PASSWORD, ...extra } });

describe("two-factor sign-in", () => {
  it("enrols with a scanned secret, turns on with a first code, and shows ten recovery codes once", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    expect((await h.call("GET", "/v1/auth/two-factor", { headers: me.cookieOnly })).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      hasPassword: true,
    });
    const enrolment = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: { password: PASSWORD } });
    expect(enrolment.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Heed:.+\?.*secret=/);
    // Not on until a code confirms it: sign-in still takes the password alone.
    expect((await signIn(me)).status).toBe(200);
    const wrong = await h.call("POST", "/v1/auth/two-factor/confirm", { headers: me.headers, json: { code: "000000" } });
    expect([wrong.status, wrong.body.errors?.[0]?.pointer]).toEqual([400, "/code"]);
    const on = await h.call("POST", "/v1/auth/two-factor/confirm", { headers: me.headers, json: { code: codeAt(enrolment.body.secret) } });
    expect(on.status).toBe(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    const status = await h.call("GET", "/v1/auth/two-factor", { headers: me.cookieOnly });
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Only hashes are kept.
    const stored = await h.database.db.selectFrom("recovery_codes").select("code_hash").execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(on.body.recoveryCodes[0]);
    const session = await h.call("GET", "/v1/auth/session", { headers: me.cookieOnly });
    expect([session.body.account.twoFactor, session.body.secondFactor]).toEqual([true, true]);
    expect((await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: { password: PASSWORD } })).status).toBe(409);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("object_id")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "member.two_factor_enabled")
      .execute();
    expect(audit).toEqual([{ object_id: me.memberId }]);
  });

  it("enrols only with the password: a session alone, a stolen one perhaps, cannot", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    const bare = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: {} });
    expect([bare.status, bare.body.code]).toEqual([401, "invalid_credential"]);
    expect(bare.body.detail).toContain("Confirm with your password");
    const wrong = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: { password: "not the password at all" } });
    expect([wrong.status, wrong.body.detail]).toEqual([401, "The password is wrong."]);
    const account = await h.database.db.selectFrom("accounts").select("totp_pending_secret").where("email", "=", me.email).executeTakeFirstOrThrow();
    expect(account.totp_pending_secret).toBeNull();
    const enrolment = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: { password: PASSWORD } });
    expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(200);
  });

  it("signs the account's other sessions out when it turns on, unless asked to keep them", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    const elsewhere = await signInAs(h, me.email, me.memberId);
    await turnOn(me);
    expect((await h.call("GET", "/v1/auth/session", { headers: elsewhere.cookieOnly })).status).toBe(401);
    expect((await h.call("GET", "/v1/auth/session", { headers: me.cookieOnly })).status).toBe(200);
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "member.two_factor_enabled")
      .execute();
    expect(JSON.parse(audit[0]!.data!)).toEqual({ otherSessionsSignedOut: 1 });

    const keeper = await signedIn(h, ws, "member");
    const laptop = await signInAs(h, keeper.email, keeper.memberId);
    await turnOnTwoFactor(h, keeper, { signOutOtherSessions: false });
    expect((await h.call("GET", "/v1/auth/session", { headers: laptop.cookieOnly })).status).toBe(200);
  });

  it("asks for a code after the password; a code and a recovery code each work once", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    const { secret, recoveryCodes } = await turnOn(me);
    const bare = await signIn(me);
    expect([bare.status, bare.body.code]).toEqual([401, "two_factor_required"]);
    expect(bare.headers.getSetCookie()).toEqual([]);
    expect(bare.body.detail).toContain("`code`");
    // A wrong password never reveals that a code would be asked.
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: me.email, password: "wrong password!" } })).body.code).toBe("invalid_credential");
    expect((await signIn(me, { code: "123456" })).body.code).toBe("invalid_credential");
    const code = codeAt(secret);
    const withCode = await signIn(me, { code });
    expect(withCode.status, JSON.stringify(withCode.body)).toBe(200);
    expect(withCode.body.secondFactor).toBe(true);
    expect((await signIn(me, { code })).status).toBe(401);
    const recovery = await signIn(me, { recoveryCode: recoveryCodes[3]!.toUpperCase() });
    expect(recovery.status).toBe(200);
    expect((await signIn(me, { recoveryCode: recoveryCodes[3]! })).status).toBe(401);
    expect((await h.call("GET", "/v1/auth/two-factor", { headers: me.cookieOnly })).body.recoveryCodesLeft).toBe(9);
  });

  it("asks a password link and an invite accepted by the account for the code, and keeps them usable until it is given", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    const { secret } = await turnOn(me);
    const link = await createPasswordResetLink({ ctx: ws.ctx, input: { id: me.memberId } });
    const token = link.resetUrl.split("/").pop()!;
    const bare = await h.call("POST", `/v1/auth/password-reset/${token}`, { json: { password: "a new long password" } });
    expect([bare.status, bare.body.code]).toEqual([401, "two_factor_required"]);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: me.email, password: "a new long password", code: codeAt(secret) } })).status).toBe(401);
    const reset = await h.call("POST", `/v1/auth/password-reset/${token}`, { json: { password: "a new long password", code: codeAt(secret) } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.secondFactor).toBe(true);

    shiftClock(30_000);
    const other = await h.workspace();
    const invite = await createInvite({ ctx: other.ctx, input: { email: me.email, role: "member" } });
    const inviteToken = invite.inviteUrl.split("/").pop()!;
    const accept = (extra: Record<string, string> = {}) =>
      h.call("POST", `/v1/auth/invites/${inviteToken}/accept`, { json: { name: "Me", password: "a new long password", ...extra } });
    expect((await accept()).body.code).toBe("two_factor_required");
    expect((await h.call("GET", `/v1/auth/invites/${inviteToken}`)).status).toBe(200);
    const joined = await accept({ code: codeAt(secret) });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.workspaces.map((w: { id: string }) => w.id)).toContain(other.id);
  });

  it("turns off with the password only, renews recovery codes the same way, and counts every guess", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    await turnOn(me);
    expect((await h.call("POST", "/v1/auth/two-factor/recovery-codes", { headers: me.headers, json: { password: "not it at all" } })).status).toBe(401);
    const renewed = await h.call("POST", "/v1/auth/two-factor/recovery-codes", { headers: me.headers, json: { password: PASSWORD } });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect((await h.call("POST", "/v1/auth/two-factor/disable", { headers: me.headers, json: {} })).status).toBe(401);
    expect((await h.call("POST", "/v1/auth/two-factor/disable", { headers: me.headers, json: { password: PASSWORD } })).status).toBe(204);
    expect((await signIn(me)).status).toBe(200);

    // Codes are limited like passwords: ten tries per account in the window, whatever they guess.
    const guesser = await signedIn(h, ws, "member");
    await turnOn(guesser);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await signIn(guesser, { code: String(100000 + i) })).status);
    expect(answers.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it("refuses its routes to no credential, an API key, a write without CSRF, and junk", async () => {
    const ws = await h.workspace();
    const me = await signedIn(h, ws, "member");
    for (const [method, path] of [
      ["GET", "/v1/auth/two-factor"],
      ["POST", "/v1/auth/two-factor/enrol"],
      ["POST", "/v1/auth/two-factor/confirm"],
      ["POST", "/v1/auth/two-factor/disable"],
      ["POST", "/v1/auth/two-factor/recovery-codes"],
    ] as const) {
      const body = method === "POST" ? { json: {} } : {};
      expect((await h.call(method, path, body)).status, path).toBe(401);
      expect((await h.call(method, path, { key: await ws.key(), ...body })).status, path).toBe(401);
      if (method === "POST")
        expect((await h.call(method, path, { headers: { ...me.cookieOnly, origin: "http://heed.test" }, json: {} })).status, path).toBe(403);
    }
    expect((await h.call("POST", "/v1/auth/two-factor/confirm", { headers: me.headers, json: { code: "12ab56" } })).status).toBe(400);
    expect((await h.call("POST", "/v1/auth/two-factor/confirm", { headers: me.headers, json: { code: "123456", signOutOtherSessions: "yes" } })).status).toBe(
      400,
    );
    expect((await h.call("POST", "/v1/auth/two-factor/enrol", { headers: me.headers, json: { password: 12 } })).status).toBe(400);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: me.email, password: PASSWORD, code: 123456 } })).status).toBe(400);
  });
});

describe("a workspace that requires two-factor sign-in", () => {
  async function owned(): Promise<{ ws: TestWorkspace; owner: TestSession }> {
    const ws = await h.workspace();
    return { ws, owner: await signedIn(h, ws, "owner") };
  }

  it("is an owner's rule, and the owner has a second factor first", async () => {
    const { ws, owner } = await owned();
    const admin = await signedIn(h, ws, "admin");
    const byAdmin = await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { requireTwoFactor: true } });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([403, "owner_only"]);
    const early = await h.call("PATCH", "/v1/workspace", { headers: owner.headers, json: { requireTwoFactor: true } });
    expect([early.status, early.body.code]).toEqual([409, "conflict"]);
    await turnOn(owner);
    const on = await h.call("PATCH", "/v1/workspace", { headers: owner.headers, json: { requireTwoFactor: true } });
    expect([on.status, on.body.requireTwoFactor]).toEqual([200, true]);
  });

  it("opens to a member's session only once it passed a second factor; the members list says who has one", async () => {
    const { ws, owner } = await owned();
    await turnOn(owner);
    const member = await signedIn(h, ws, "member");
    const key = await ws.key(["posts:read"]);
    expect((await h.call("PATCH", "/v1/workspace", { headers: owner.headers, json: { requireTwoFactor: true } })).status).toBe(200);

    const refused = await h.call("GET", "/v1/posts", { headers: member.cookieOnly });
    expect([refused.status, refused.body.code]).toEqual([403, "two_factor_setup_required"]);
    // API keys are not people; the member's own account routes stay open, so they can set it up.
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(200);
    const session = await h.call("GET", "/v1/auth/session", { headers: member.cookieOnly });
    expect(session.body.workspaces[0].requiresTwoFactor).toBe(true);
    expect(session.body.secondFactor).toBe(false);
    const { secret } = await turnOn(member);
    expect((await h.call("GET", "/v1/posts", { headers: member.cookieOnly })).status).toBe(200);
    // An old session of the member, from before, still needs a code: it signs in again.
    const again = await signInAs(h, member.email, member.memberId, PASSWORD).catch((error: Error) => error);
    expect(String(again)).toContain("401");
    const withCode = await signIn(member, { code: codeAt(secret) });
    expect(withCode.status).toBe(200);

    const members = await h.call("GET", "/v1/members", { headers: owner.cookieOnly });
    const byId = Object.fromEntries(members.body.data.map((m: { id: string; twoFactor: boolean }) => [m.id, m.twoFactor]));
    expect([byId[owner.memberId], byId[member.memberId]]).toEqual([true, true]);
    const disable = await h.call("POST", "/v1/auth/two-factor/disable", { headers: member.headers, json: { password: PASSWORD } });
    expect([disable.status, disable.body.code]).toEqual([409, "conflict"]);
  });
});
