import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { down as beforeProvenLinks, up as provenLinks } from "../../../platform/db/migrations/0032_identity_second_factor.js";
import { shiftClock } from "../../../platform/lib/clock.js";
import { freshDatabase } from "../../../../test/support/database.js";
import { browse, person, type Person, useOidcProvider } from "../../../../test/support/oidc-provider.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { HEED_ORIGIN, PASSWORD, signedIn, type TestSession } from "../../../../test/support/sessions.js";
import { codeAt, sessionWithoutSecondFactor, turnOnTwoFactor } from "../../../../test/support/two-factor.js";

// Linking a provider to an account is a way in that skips the password from then on, and may count
// as a second factor: it takes the account's full proof (password, and code when two-factor sign-in
// is on) from a session that passed its second factor where one is required, and only an identity
// with the account's own email. The attack this stops: a session that never passed the second
// factor (an old one, stolen) links the thief's identity, which then walks past two-factor sign-in.

const idp = useOidcProvider();

const h = useHarness();

async function withProvider(): Promise<TestWorkspace> {
  const ws = await h.workspace();
  const set = await h.call("PUT", "/v1/workspace/single-sign-on", {
    key: await ws.key(["workspace:write"]),
    json: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: ["globex.test"], label: "Globex Okta" },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return ws;
}

/** A workspace with its own provider whose owner requires two-factor sign-in of every member. */
async function requiringTwoFactor(): Promise<TestWorkspace> {
  const ws = await withProvider();
  const owner = await signedIn(h, ws, "owner");
  await turnOnTwoFactor(h, owner);
  expect((await h.call("PATCH", "/v1/workspace", { headers: owner.headers, json: { requireTwoFactor: true } })).status).toBe(200);
  return ws;
}

/** Starts a link as Settings does; when the API lets it, the browser goes to the provider as `who` and back. */
async function link(session: TestSession, proof: Record<string, string>, at: Person) {
  const start = await h.call("POST", "/v1/auth/oidc/link", { headers: session.headers, json: proof });
  if (start.status !== 200) return { start, finish: null };
  idp.as(at);
  const flow = start.headers
    .getSetCookie()
    .find((c) => c.startsWith("heed_oidc="))!
    .split(";")[0]!
    .slice("heed_oidc=".length);
  return { start, finish: await browse(h, start.body.url, { heed_session: session.cookie.slice("heed_session=".length), heed_oidc: flow }) };
}

/** Signs in through the workspace's provider as `at`: the session's answer, or the refusal. */
async function signInThroughProvider(ws: TestWorkspace, at: Person) {
  idp.as(at);
  const res = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
  const token = res.heedCookies.get("heed_session");
  if (!token) return { res, cookie: null, session: null };
  const cookie = `heed_session=${token}`;
  return { res, cookie, session: (await h.call("GET", "/v1/auth/session", { headers: { cookie } })).body };
}

const identitiesOf = async (who: TestSession) => (await h.call("GET", "/v1/auth/identities", { headers: who.cookieOnly })).body.data;

describe("linking single sign-on to an account", () => {
  it("is refused to a session that did not pass the second factor, so a stolen one cannot walk past two-factor sign-in", async () => {
    const ws = await requiringTwoFactor();
    const victim = await signedIn(h, ws, "member");
    const { secret } = await turnOnTwoFactor(h, victim);
    // The thief holds an older session of the victim's, from before two-factor sign-in, and even the password.
    const stolen = await sessionWithoutSecondFactor(h, victim);
    const thief = person(`thief-${ws.slug}`, victim.email);
    for (const proof of [{}, { password: PASSWORD }] as Record<string, string>[]) {
      const { start } = await link(stolen, proof, thief);
      expect([start.status, start.body.code], JSON.stringify(start.body)).toEqual([403, "two_factor_session_required"]);
      expect(start.body.detail).toContain("sign in again with your code");
    }
    expect(await identitiesOf(victim)).toEqual([]);
    // So the thief's identity opens nothing, and the workspace stays closed to the stolen session.
    expect((await signInThroughProvider(ws, thief)).cookie).toBeNull();
    expect((await h.call("GET", "/v1/posts", { headers: stolen.cookieOnly })).body.code).toBe("two_factor_setup_required");

    // A member who has no second factor yet, in a workspace that requires one, links nothing either:
    // the provider's sign-in would count as the second factor they never set up.
    const unprotected = await signedIn(h, ws, "member");
    const refused = await link(unprotected, { password: PASSWORD }, person(`unprotected-${ws.slug}`, unprotected.email));
    expect([refused.start.status, refused.start.body.code]).toEqual([403, "two_factor_session_required"]);
    expect(refused.start.body.detail).toContain("Turn on two-factor sign-in first");

    // The victim's own session, which passed the second factor, links with the password and a code.
    const own = await link(victim, { password: PASSWORD, code: codeAt(secret) }, person(`victim-${ws.slug}`, victim.email));
    expect([own.finish?.status, own.finish?.location], own.finish?.body).toEqual([302, "/app/settings/sessions"]);
    expect(await identitiesOf(victim)).toHaveLength(1);
  });

  it("asks for the password, and the code when two-factor sign-in is on, each refusal saying what is missing", async () => {
    const ws = await withProvider();
    const member = await signedIn(h, ws, "member");
    const at = person(`member-${ws.slug}`, member.email);
    const bare = (await link(member, {}, at)).start;
    expect([bare.status, bare.body.code]).toEqual([401, "invalid_credential"]);
    expect(bare.body.detail).toContain("Confirm with your password");
    const wrong = (await link(member, { password: "not the password at all" }, at)).start;
    expect([wrong.status, wrong.body.detail]).toEqual([401, "The password is wrong."]);
    expect(await identitiesOf(member)).toEqual([]);
    const linked = await link(member, { password: PASSWORD }, at);
    expect([linked.finish?.status, linked.finish?.location], linked.finish?.body).toEqual([302, "/app/settings/sessions"]);
    expect(await identitiesOf(member)).toEqual([{ issuer: idp.issuer, linkedAt: expect.any(String) }]);

    const protectedMember = await signedIn(h, ws, "member");
    const { secret } = await turnOnTwoFactor(h, protectedMember);
    const protectedAt = person(`protected-${ws.slug}`, protectedMember.email);
    const noCode = (await link(protectedMember, { password: PASSWORD }, protectedAt)).start;
    expect([noCode.status, noCode.body.code]).toEqual([401, "two_factor_required"]);
    const badCode = (await link(protectedMember, { password: PASSWORD, code: "000000" }, protectedAt)).start;
    expect([badCode.status, badCode.body.code]).toEqual([401, "invalid_credential"]);
    // A right code with a wrong password proves nothing, and is not used up by it.
    const code = codeAt(secret);
    expect((await link(protectedMember, { password: "not the password at all", code }, protectedAt)).start.status).toBe(401);
    const withBoth = await link(protectedMember, { password: PASSWORD, code }, protectedAt);
    expect([withBoth.finish?.status, withBoth.finish?.location], withBoth.finish?.body).toEqual([302, "/app/settings/sessions"]);
  });

  it("refuses an identity whose email is not the account's, or that the provider did not verify", async () => {
    const ws = await withProvider();
    const member = await signedIn(h, ws, "member");
    const other = await link(member, { password: PASSWORD }, person(`other-${ws.slug}`, `someone.else.${ws.slug}@globex.test`));
    expect([other.finish?.status, JSON.parse(other.finish!.body).code]).toEqual([401, "invalid_credential"]);
    expect(JSON.parse(other.finish!.body).detail).toBe(
      `That identity's email at Globex Okta is someone.else.${ws.slug}@globex.test, not your account's ${member.email}: sign in there as ${member.email}, then link again.`,
    );
    const unverified = await link(member, { password: PASSWORD }, person(`unverified-${ws.slug}`, member.email.toUpperCase(), false));
    expect(JSON.parse(unverified.finish!.body).detail).toContain("did not confirm");
    expect(await identitiesOf(member)).toEqual([]);
    // A person's browser goes back to Settings, which says why.
    const start = await h.call("POST", "/v1/auth/oidc/link", { headers: member.headers, json: { password: PASSWORD } });
    idp.as(person(`other-${ws.slug}`, `someone.else.${ws.slug}@globex.test`));
    const flow = start.headers
      .getSetCookie()
      .find((c) => c.startsWith("heed_oidc="))!
      .split(";")[0]!;
    const page = await browse(
      h,
      start.body.url,
      { heed_session: member.cookie.slice("heed_session=".length), heed_oidc: flow.slice("heed_oidc=".length) },
      {
        accept: "text/html",
      },
    );
    expect([page.status, page.location]).toEqual([302, "/app/settings/sessions?sso=email"]);
    // The same email, verified, in other letters, is the account's.
    const same = await link(member, { password: PASSWORD }, person(`same-${ws.slug}`, member.email.toUpperCase()));
    expect(same.finish?.status, same.finish?.body).toBe(302);
  });

  it("counts a provider's sign-in as a second factor only through an identity linked with the account's full proof", async () => {
    const ws = await requiringTwoFactor();
    const member = await signedIn(h, ws, "member");
    const { secret } = await turnOnTwoFactor(h, member);
    const at = person(`linked-${ws.slug}`, member.email);
    // An identity linked before a link took a proof: it still signs the account in, but as one factor.
    const accountId = (await h.database.db.selectFrom("members").select("account_id").where("id", "=", member.memberId).executeTakeFirstOrThrow()).account_id!;
    await h.database.db
      .insertInto("account_identities")
      .values({ issuer: idp.issuer, subject: at.sub, account_id: accountId, created_at: new Date().toISOString(), counts_as_second_factor: 0 })
      .execute();
    const unproven = await signInThroughProvider(ws, at);
    expect(unproven.session?.secondFactor).toBe(false);
    const closed = await h.call("GET", "/v1/posts", { headers: { cookie: unproven.cookie! } });
    expect([closed.status, closed.body.code]).toEqual([403, "two_factor_setup_required"]);

    // Linked again, with the password and a code, from a session that passed the second factor.
    const relinked = await link(member, { password: PASSWORD, code: codeAt(secret) }, at);
    expect(relinked.finish?.status, relinked.finish?.body).toBe(302);
    const proven = await signInThroughProvider(ws, at);
    expect(proven.session?.secondFactor).toBe(true);
    expect((await h.call("GET", "/v1/posts", { headers: { cookie: proven.cookie! } })).status).toBe(200);

    // An account the provider signed up has no other way in: the provider's sign-in is its sign-in.
    const newcomer = await signInThroughProvider(ws, person(`new-${ws.slug}`, `new.${ws.slug}@globex.test`));
    expect(newcomer.session?.secondFactor).toBe(true);
  });
});

describe("identities linked before links took a proof", () => {
  it("count as a second factor only for an account without a password, whose only way in they are", async () => {
    const database = await freshDatabase();
    try {
      const db = database.db;
      // The migration is run as the migrator runs it, on a database it knows nothing about.
      const asMigrated = db as unknown as Kysely<unknown>;
      await beforeProvenLinks(asMigrated);
      const at = new Date().toISOString();
      const account = (id: string, password_hash: string | null) => ({
        id,
        email: `${id}@example.com`,
        name: id,
        password_hash,
        created_at: at,
        updated_at: at,
      });
      await db
        .insertInto("accounts")
        .values([account("acc_with_password", "scrypt$…"), account("acc_provider_only", null)])
        .execute();
      const identity = (subject: string, account_id: string) => ({ issuer: "https://idp.example.com", subject, account_id, created_at: at });
      await db
        .insertInto("account_identities")
        .values([identity("linked-from-settings", "acc_with_password"), identity("signed-up", "acc_provider_only")])
        .execute();
      await provenLinks(asMigrated);
      const flags = await db.selectFrom("account_identities").select(["subject", "counts_as_second_factor"]).orderBy("subject").execute();
      expect(flags).toEqual([
        { subject: "linked-from-settings", counts_as_second_factor: 0 },
        { subject: "signed-up", counts_as_second_factor: 1 },
      ]);
    } finally {
      await database.drop();
    }
  });
});

describe("enrolling two-factor sign-in without a password", () => {
  it("takes a sign-in through the provider in the last ten minutes instead", async () => {
    const ws = await withProvider();
    const at = person(`sso-only-${ws.slug}`, `sso.only.${ws.slug}@globex.test`);
    const headersOf = async (cookie: string) => {
      const session = await h.call("GET", "/v1/auth/session", { headers: { cookie } });
      return { cookie, "x-csrf-token": session.body.csrfToken, origin: HEED_ORIGIN };
    };
    const first = await signInThroughProvider(ws, at);
    const headers = await headersOf(first.cookie!);
    shiftClock(11 * 60_000);
    const late = await h.call("POST", "/v1/auth/two-factor/enrol", { headers, json: {} });
    expect([late.status, late.body.code]).toEqual([401, "invalid_credential"]);
    expect(late.body.detail).toContain("sign in again through single sign-on");
    // A password it does not have proves nothing either.
    expect((await h.call("POST", "/v1/auth/two-factor/enrol", { headers, json: { password: PASSWORD } })).status).toBe(401);

    const again = await signInThroughProvider(ws, at);
    const fresh = await headersOf(again.cookie!);
    const enrolment = await h.call("POST", "/v1/auth/two-factor/enrol", { headers: fresh, json: {} });
    expect(enrolment.status, JSON.stringify(enrolment.body)).toBe(200);
    const on = await h.call("POST", "/v1/auth/two-factor/confirm", { headers: fresh, json: { code: codeAt(enrolment.body.secret) } });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // Its older session, signed in before, is signed out.
    expect((await h.call("GET", "/v1/auth/session", { headers: { cookie: first.cookie! } })).status).toBe(401);
  });
});
