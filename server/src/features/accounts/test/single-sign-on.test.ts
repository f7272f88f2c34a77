import { describe, expect, it } from "vitest";
import { createWorkspace } from "../../workspace/create.js";
import { useHarness } from "../../../../test/support/harness.js";
import { makeMembers } from "../../../../test/support/members.js";
import { browse, person, acmeSignOn, useOidcProvider } from "../../../../test/support/oidc-provider.js";

// Single sign-on against a real OpenID Connect provider (oidc-provider) started here: a browser's
// round trip from Heed to the provider and back, followed redirect by redirect with its cookies.

const idp = useOidcProvider();

const h = useHarness({ oidc: acmeSignOn(idp, "acme") });

describe("single sign-on", () => {
  it("signs up a verified email of an allowed domain as a member of OIDC_WORKSPACE, then signs the same identity in again", async () => {
    const row = await createWorkspace(h.database.db, { slug: "acme", name: "Acme" });
    const ws = { id: row.id, slug: row.slug, row };
    idp.as(person(`ada-${ws.slug}`, `ada.${ws.slug}@ACME.test`));
    const first = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}&redirect=/app/posts`);
    expect([first.status, first.location], first.body).toEqual([302, "/app/posts"]);
    const cookie = `heed_session=${first.heedCookies.get("heed_session")}`;
    const session = await h.call("GET", "/v1/auth/session", { headers: { cookie } });
    expect(session.body.account.email).toBe(`ada.${ws.slug}@acme.test`);
    expect(session.body.workspaces).toEqual([{ id: ws.id, slug: ws.slug, name: ws.row.name, role: "member", requiresTwoFactor: false }]);
    expect((await h.call("GET", "/v1/posts", { headers: { cookie } })).status).toBe(200);

    const again = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect([again.status, again.location]).toEqual([302, "/app"]);
    const accounts = await h.database.db.selectFrom("accounts").select("id").where("email", "=", `ada.${ws.slug}@acme.test`).execute();
    expect(accounts).toHaveLength(1);

    // Another workspace on the same server is not open to the domain: it takes an invite.
    const other = await h.workspace();
    idp.as(person(`bob-${other.slug}`, `bob.${other.slug}@acme.test`));
    const refused = await browse(h, `/v1/auth/oidc/start?workspace=${other.slug}`);
    expect(refused.status, refused.body).toBe(401);
  });

  it("signs in an invited account by its verified email, whatever its domain, and links the identity", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["admin"]);
    idp.as(person(`grace-${ws.slug}`, `${memberId}@example.com`));
    const res = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
    expect(res.status, res.body).toBe(302);
    const session = await h.call("GET", "/v1/auth/session", { headers: { cookie: `heed_session=${res.heedCookies.get("heed_session")}` } });
    expect(session.body.workspaces[0].role).toBe("admin");
    const identities = await h.database.db.selectFrom("account_identities").select("issuer").where("subject", "=", `grace-${ws.slug}`).execute();
    expect(identities).toEqual([{ issuer: idp.issuer }]);
    // The provider now vouches for the account: a password whoever accepted the invite set is gone.
    const account = await h.database.db.selectFrom("accounts").select("password_hash").where("email", "=", `${memberId}@example.com`).executeTakeFirstOrThrow();
    expect(account.password_hash).toBeNull();
  });

  it("refuses an email of another domain, and an unverified one, without creating anything", async () => {
    const ws = await h.workspace();
    for (const p of [person(`eve-${ws.slug}`, `eve.${ws.slug}@elsewhere.test`), person(`mallory-${ws.slug}`, `mallory.${ws.slug}@acme.test`, false)]) {
      idp.as(p);
      const res = await browse(h, `/v1/auth/oidc/start?workspace=${ws.slug}`);
      expect(res.status, res.body).toBe(401);
      expect(JSON.parse(res.body).code).toBe("invalid_credential");
      expect(res.heedCookies.has("heed_session")).toBe(false);
      expect(await h.database.db.selectFrom("accounts").select("id").where("email", "=", p.email.toLowerCase()).execute()).toEqual([]);
    }
  });

  it("refuses a callback without the flow's cookie, or with a forged state", async () => {
    const noFlow = await h.call("GET", "/v1/auth/oidc/callback?code=abc&state=xyz");
    expect([noFlow.status, noFlow.body.code]).toEqual([401, "invalid_credential"]);
    const unknown = await h.call("GET", "/v1/auth/oidc/start?workspace=no-such-workspace");
    expect(unknown.status).toBe(404);
    for (const redirect of ["//evil.example", "/%5Cevil.example", "/%09/evil.example", "https://evil.example", "/app//evil.example", "/docs"]) {
      const offsite = await h.call("GET", `/v1/auth/oidc/start?workspace=x&redirect=${redirect}`);
      expect(offsite.status, redirect).toBe(400);
    }
  });
});
