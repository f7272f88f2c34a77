import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browse, person, startOidcProvider, type TestOidcProvider } from "../../../../test/support/oidc-provider.js";
import { useHarness } from "../../../../test/support/harness.js";
import { HEED_ORIGIN, PASSWORD, signedIn, type TestSession } from "../../../../test/support/sessions.js";
import { startSmtp, type TestSmtp } from "../../../../test/support/smtp.js";
import type { AuditAction } from "../../../platform/changes/vocabulary.js";

// A takeover through single sign-on: an admin points the workspace's single sign-on at a provider
// the admin runs, the provider vouches for the owner's email, and the admin walks in as the owner.
// And linking an identity by email ends the password and sessions.

let idp: TestOidcProvider;
let serverIdp: TestOidcProvider;
let smtp: TestSmtp;
beforeAll(async () => {
  [idp, serverIdp, smtp] = await Promise.all([
    startOidcProvider(`${HEED_ORIGIN}/v1/auth/oidc/callback`),
    startOidcProvider(`${HEED_ORIGIN}/v1/auth/oidc/callback`),
    startSmtp(),
  ]);
});
afterAll(() => Promise.all([idp.stop(), serverIdp.stop(), smtp.stop()]));

const h = useHarness({
  smtpUrl: () => smtp.url,
  oidc: () => ({
    issuer: serverIdp.issuer,
    clientId: serverIdp.clientId,
    clientSecret: serverIdp.clientSecret,
    allowedDomains: [],
    label: "Company SSO",
    signUpWorkspace: null,
  }),
});

const provider = (issuer = idp.issuer) => ({
  issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  allowedDomains: ["globex.test"],
  label: "Globex Okta",
});

async function ownerSetsProvider(owner: TestSession) {
  const set = await h.call("PUT", "/v1/workspace/single-sign-on", { headers: owner.headers, json: provider() });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

/** Links the provider to the signed-in account as Settings does (with the password): the API answers where to go, the browser goes. */
async function linkAs(who: TestSession) {
  const start = await h.call("POST", "/v1/auth/oidc/link", { headers: who.headers, json: { password: PASSWORD } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const flow = start.headers
    .getSetCookie()
    .find((c) => c.startsWith("heed_oidc="))!
    .split(";")[0]!
    .split("=");
  return browse(h, start.body.url, { heed_session: who.cookie.split("=")[1]!, [flow[0]!]: flow.slice(1).join("=") });
}

const auditActions = async (workspaceId: string, action: AuditAction) =>
  h.database.db.selectFrom("audit_log").select(["object_id", "data"]).where("workspace_id", "=", workspaceId).where("action", "=", action).execute();

describe("a workspace's single sign-on cannot make an admin the owner", () => {
  it("is set and removed by an owner alone; an admin can mint no key that could", async () => {
    const ws = await h.workspace();
    const admin = await signedIn(h, ws, "admin");
    const byAdmin = await h.call("PUT", "/v1/workspace/single-sign-on", { headers: admin.headers, json: provider() });
    expect([byAdmin.status, byAdmin.body.code]).toEqual([403, "owner_only"]);
    const key = await h.call("POST", "/v1/api-keys", { headers: admin.headers, json: { name: "sso", scopes: ["workspace:write"] } });
    expect([key.status, key.body.code]).toEqual([403, "owner_only"]);
    // Everything else an admin keeps: the workspace's other settings, keys of other scopes.
    expect((await h.call("PATCH", "/v1/workspace", { headers: admin.headers, json: { name: "Renamed" } })).status).toBe(200);
    expect((await h.call("POST", "/v1/api-keys", { headers: admin.headers, json: { name: "read", scopes: ["workspace:read"] } })).status).toBe(201);

    const owner = await signedIn(h, ws, "owner");
    await ownerSetsProvider(owner);
    expect((await h.call("DELETE", "/v1/workspace/single-sign-on", { headers: admin.headers })).body.code).toBe("owner_only");
    expect((await h.call("DELETE", "/v1/workspace/single-sign-on", { headers: owner.headers })).status).toBe(204);
  });

  it("never signs in an existing account by its email, the owner's least of all", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    await ownerSetsProvider(owner);
    // Whoever runs the provider makes it vouch for the owner's email.
    idp.as(person(`forged-owner-${ws.slug}`, owner.email));
    const takeover = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([takeover.status, JSON.parse(takeover.body).code], takeover.body).toEqual([401, "invalid_credential"]);
    expect(JSON.parse(takeover.body).detail).toContain("link Globex Okta");
    expect(takeover.heedCookies.has("heed_session")).toBe(false);
    expect(await h.database.db.selectFrom("account_identities").select("subject").where("subject", "=", `forged-owner-${ws.slug}`).execute()).toEqual([]);
    // The owner's password and session are untouched.
    expect((await h.call("GET", "/v1/auth/session", { headers: owner.cookieOnly })).status).toBe(200);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: owner.email, password: PASSWORD } })).status).toBe(200);
  });

  it("signs in an account that linked it while signed in: audited, mailed, and no one else's", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    await ownerSetsProvider(owner);
    const admin = await signedIn(h, ws, "admin");
    idp.as(person(`admin-${ws.slug}`, admin.email));
    const linked = await linkAs(admin);
    expect([linked.status, linked.location], linked.body).toEqual([302, "/app/settings/sessions"]);
    const identities = await h.call("GET", "/v1/auth/identities", { headers: admin.cookieOnly });
    expect(identities.body.data).toEqual([{ issuer: idp.issuer, linkedAt: expect.any(String) }]);
    expect(await auditActions(ws.id, "member.identity_linked")).toEqual([{ object_id: admin.memberId, data: expect.stringContaining('"via":"signed_in"') }]);
    expect((await smtp.mailTo(admin.email)).subject).toBe("Single sign-on linked to your Heed account");
    // Linking through single sign-on keeps the password: the person chose it, nobody vouched for them.
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: admin.email, password: PASSWORD } })).status).toBe(200);

    const signIn = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect(signIn.status, signIn.body).toBe(302);
    const session = await h.call("GET", "/v1/auth/session", { headers: { cookie: `heed_session=${signIn.heedCookies.get("heed_session")}` } });
    expect(session.body.account.email).toBe(admin.email);
    // Linked with the account's proof, the provider's sign-in counts as a second factor.
    expect(session.body.secondFactor).toBe(true);

    // The same identity cannot then be linked to the owner's account too.
    const again = await linkAs(owner);
    expect([again.status, JSON.parse(again.body).code]).toEqual([409, "conflict"]);
  });

  it("links only to the account whose session the browser still holds", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    await ownerSetsProvider(owner);
    const admin = await signedIn(h, ws, "admin");
    const start = await h.call("POST", "/v1/auth/oidc/link", { headers: admin.headers, json: { password: PASSWORD } });
    const flow = start.headers
      .getSetCookie()
      .find((c) => c.startsWith("heed_oidc="))!
      .split(";")[0]!;
    // The admin's flow cookie finishes in a browser signed in as the owner: nothing is linked.
    idp.as(person(`swap-${ws.slug}`, admin.email));
    const swapped = await browse(h, start.body.url, { heed_session: owner.cookie.split("=")[1]!, heed_oidc: flow.slice("heed_oidc=".length) });
    expect([swapped.status, JSON.parse(swapped.body).code]).toEqual([401, "invalid_credential"]);
    expect(await h.database.db.selectFrom("account_identities").select("subject").where("subject", "=", `swap-${ws.slug}`).execute()).toEqual([]);
    // Starting a link takes the session with its CSRF token, from Heed's own pages.
    expect((await h.call("POST", "/v1/auth/oidc/link", { json: {} })).status).toBe(401);
    expect((await h.call("POST", "/v1/auth/oidc/link", { headers: { ...admin.headers, "x-csrf-token": "nope" }, json: {} })).status).toBe(403);
    expect((await h.call("POST", "/v1/auth/oidc/link", { headers: { ...admin.headers, origin: "https://evil.example" }, json: {} })).status).toBe(403);
    expect((await h.call("POST", "/v1/auth/oidc/link", { key: await ws.key(), json: {} })).status).toBe(401);
    expect(
      (await h.call("POST", "/v1/auth/oidc/link", { headers: admin.headers, json: { redirect: "https://evil.example", password: PASSWORD } })).status,
    ).toBe(400);
  });
});

describe("the server's provider linking an account by its email", () => {
  it("ends the account's password, sessions and password links, and mails the account", async () => {
    const ws = await h.workspace();
    const member = await signedIn(h, ws, "member");
    const reset = await h.call("POST", "/v1/auth/password-reset", { json: { email: member.email } });
    expect(reset.status).toBe(202);
    const resetMail = await smtp.mailTo(member.email);
    const resetToken = /\/app\/reset\/(\S+)/.exec(resetMail.text)![1]!;

    serverIdp.as(person(`server-${ws.slug}`, member.email));
    const res = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect(res.status, res.body).toBe(302);
    expect((await h.call("GET", "/v1/auth/session", { headers: member.cookieOnly })).status).toBe(401);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: member.email, password: PASSWORD } })).status).toBe(401);
    expect((await h.call("POST", `/v1/auth/password-reset/${resetToken}`, { json: { password: "another long password" } })).status).toBe(404);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(member.email) && m.subject.startsWith("Single sign-on linked")));
    expect(mail.text).toContain("Your password and every open session of your account have ended.");
    expect(await auditActions(ws.id, "member.identity_linked")).toEqual([{ object_id: member.memberId, data: expect.stringContaining('"via":"email"') }]);
    // The session single sign-on made is the one that works.
    const session = await h.call("GET", "/v1/auth/session", { headers: { cookie: `heed_session=${res.heedCookies.get("heed_session")}` } });
    expect(session.body.account.email).toBe(member.email);
  });
});

describe("a provider that does not answer", () => {
  it("is a 502 problem that says single sign-on is unavailable, and a browser goes back to the sign-in page", async () => {
    const ws = await h.workspace();
    const owner = await signedIn(h, ws, "owner");
    const closed = await closedPort();
    const set = await h.call("PUT", "/v1/workspace/single-sign-on", { headers: owner.headers, json: provider(`http://127.0.0.1:${closed}`) });
    expect(set.status).toBe(200);
    const program = await h.call("GET", `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([program.status, program.body.code], JSON.stringify(program.body)).toEqual([502, "provider_unavailable"]);
    expect(program.body.detail).toContain("Single sign-on is unavailable");
    const page = await fetch(`${h.url}/v1/auth/oidc/start?workspace=${ws.slug}`, { headers: { accept: "text/html" }, redirect: "manual" });
    expect([page.status, page.headers.get("location")]).toEqual([302, `/app/sign-in?sso=unavailable&workspace=${ws.slug}`]);
    const link = await h.call("POST", "/v1/auth/oidc/link", { headers: owner.headers, json: { password: PASSWORD } });
    expect(link.status).toBe(502);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > end) throw new Error("not found in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
