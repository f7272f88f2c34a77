import { describe, expect, it } from "vitest";
import { browse, person, useOidcProvider } from "../../../../test/support/oidc-provider.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";
import { addMembership, makeMembers } from "../../../../test/support/members.js";
import { HEED_ORIGIN, signedIn } from "../../../../test/support/sessions.js";

// A workspace's own OpenID Connect provider, set through the API by its owners, on a server that
// has no provider of its own: sign-up for its domains, sign-in, and the limit that keeps a
// workspace's provider from opening accounts that also belong elsewhere.

const idp = useOidcProvider();

const h = useHarness();

async function setProvider(ws: TestWorkspace, allowedDomains = ["globex.test"]) {
  const key = await ws.key(["workspace:write"]);
  return h.call("PUT", "/v1/workspace/single-sign-on", {
    key,
    json: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains, label: "Globex Okta" },
  });
}

describe("a workspace's own single sign-on", () => {
  it("is set, read without its secret, offered on the sign-in page, and removed", async () => {
    const ws = await h.workspace();
    expect((await h.call("GET", "/v1/auth/sign-in-options")).body).toEqual({ singleSignOn: [] });
    const set = await setProvider(ws);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({
      issuer: idp.issuer,
      clientId: idp.clientId,
      allowedDomains: ["globex.test"],
      label: "Globex Okta",
      callbackUrl: `${HEED_ORIGIN}/v1/auth/oidc/callback`,
      updatedAt: expect.any(String),
    });
    const read = await h.call("GET", "/v1/workspace/single-sign-on", { key: await ws.key(["workspace:read"]) });
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret);
    const options = await h.call("GET", `/v1/auth/sign-in-options?workspace=${ws.slug}`);
    expect(options.body).toEqual({ singleSignOn: [{ label: "Globex Okta", url: `/v1/auth/oidc/start?workspace=${ws.slug}` }] });
    // The audit row names the change, never the secret.
    const audit = await h.database.db
      .selectFrom("audit_log")
      .select("data")
      .where("workspace_id", "=", ws.id)
      .where("action", "=", "workspace.single_sign_on_set")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).not.toContain(idp.clientSecret);

    const key = await ws.key(["workspace:write"]);
    expect((await h.call("DELETE", "/v1/workspace/single-sign-on", { key })).status).toBe(204);
    expect((await h.call("DELETE", "/v1/workspace/single-sign-on", { key })).status).toBe(404);
    expect((await h.call("GET", `/v1/auth/sign-in-options?workspace=${ws.slug}`)).body).toEqual({ singleSignOn: [] });
    expect((await h.call("GET", `/v1/auth/oidc/start?workspace=${ws.slug}`)).status).toBe(404);
  });

  it("signs up a verified email of its domains as a member, and opens no existing account by its email", async () => {
    const ws = await h.workspace();
    expect((await setProvider(ws)).status).toBe(200);
    idp.as(person(`hank-${ws.slug}`, `hank.${ws.slug}@globex.test`));
    const first = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([first.status, first.location], first.body).toEqual([302, "/app"]);
    const session = await h.call("GET", "/v1/auth/session", { headers: { cookie: `heed_session=${first.heedCookies.get("heed_session")}` } });
    expect(session.body.workspaces).toEqual([{ id: ws.id, slug: ws.slug, name: ws.row.name, role: "member", requiresTwoFactor: false }]);

    const [adminId] = await makeMembers(h.database.db, ws.id, ["admin"]);
    idp.as(person(`ines-${ws.slug}`, `${adminId}@example.com`));
    // The admin's account exists: it links the provider itself while signed in (single-sign-on-takeover.test.ts).
    const admin = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([admin.status, JSON.parse(admin.body).code], admin.body).toEqual([401, "invalid_credential"]);
  });

  it("never opens an account that also belongs to another workspace, nor signs up other domains", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    expect((await setProvider(ws)).status).toBe(200);
    // An owner of another workspace, whom this workspace's admins could make their provider vouch for.
    const [ownerElsewhere] = await makeMembers(h.database.db, other.id, ["owner"], "the owner's passphrase");
    await addMembership(h.database.db, ownerElsewhere!, ws.id, "member");
    idp.as(person(`mallory-${ws.slug}`, `${ownerElsewhere}@example.com`));
    const takeover = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([takeover.status, JSON.parse(takeover.body).code]).toEqual([401, "invalid_credential"]);
    expect(takeover.heedCookies.has("heed_session")).toBe(false);
    // Nothing changed for that account: no identity linked, its password still opens it.
    expect(await h.database.db.selectFrom("account_identities").select("subject").where("subject", "=", `mallory-${ws.slug}`).execute()).toEqual([]);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: `${ownerElsewhere}@example.com`, password: "the owner's passphrase" } })).status).toBe(
      200,
    );

    idp.as(person(`eve-${ws.slug}`, `eve.${ws.slug}@elsewhere.test`));
    expect((await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`)).status).toBe(401);
  });

  it("refuses an issuer that is not a URL, and lets only a workspace writer set it", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["workspace:write"]);
    const bad = await h.call("PUT", "/v1/workspace/single-sign-on", { key, json: { issuer: "not a url", clientId: "x", clientSecret: "y" } });
    expect([bad.status, bad.body.errors]).toEqual([400, [{ pointer: "/issuer", code: "invalid_format", detail: "not a URL." }]]);
    const domain = await h.call("PUT", "/v1/workspace/single-sign-on", {
      key,
      json: { issuer: "https://idp.example.com", clientId: "x", clientSecret: "y", allowedDomains: ["not a domain"] },
    });
    expect([domain.status, domain.body.errors[0].pointer]).toEqual([400, "/allowedDomains/0"]);
    const member = await signedIn(h, ws, "member");
    const refused = await h.call("PUT", "/v1/workspace/single-sign-on", {
      headers: member.headers,
      json: { issuer: "https://idp.example.com", clientId: "x", clientSecret: "y" },
    });
    expect(refused.status).toBe(403);
  });
});
