import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshot, useChromium } from "../../server/test/support/browser.js";
import { everyView, newPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";
import { person, acmeSignOn, useOidcProvider } from "../../server/test/support/oidc-provider.js";
import { HEED_ORIGIN, PASSWORD } from "../../server/test/support/sessions.js";

// Sign-in's defences and its single sign-on, in Chromium: Heed is served at its public URL
// (http://heed.test, mapped to the test server), a real OpenID Connect provider runs on another
// port, and a hostile page on a third port tries to use a signed-in person's cookie.

const idp = useOidcProvider();

const h = useHarness({ oidc: acmeSignOn(idp, "acme-sso") });

const chromium = useChromium(() => [`--host-resolver-rules=MAP heed.test:80 127.0.0.1:${new URL(h.url).port}`]);
let hostile: Server;
let hostileUrl: string;
beforeAll(async () => {
  // Another site: a page whose form posts to Heed, as a phishing page would.
  hostile = createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(`<!doctype html><title>Win a prize</title>
      <form method="post" action="${HEED_ORIGIN}/v1/api-keys" enctype="text/plain">
        <input name='{"name":"stolen","scopes":["*"],"x":"' value='"}'>
        <button>Claim</button>
      </form>`);
  });
  await new Promise<void>((resolve) => hostile.listen(0, "127.0.0.1", resolve));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => hostile?.close(resolve));
});

describe("the dashboard's sign-in, defended", () => {
  it("refuses a cross-site form post that carries the signed-in person's cookie", async () => {
    const ws = await h.workspace();
    const [ownerId] = await makeMembers(h.database.db, ws.id, ["owner"], PASSWORD);
    const { context, page } = await newPage(chromium.browser);
    await page.goto(`${HEED_ORIGIN}/app/sign-in`);
    await page.getByLabel("Email").fill(`${ownerId}@example.com`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);

    await page.goto(hostileUrl);
    const answer = page.waitForResponse((r) => r.url() === `${HEED_ORIGIN}/v1/api-keys`);
    await page.getByRole("button", { name: "Claim" }).click();
    expect((await answer).status()).toBeGreaterThanOrEqual(401);
    expect((await answer).status()).toBeLessThanOrEqual(403);
    const keys = await h.database.db.selectFrom("api_keys").select("name").where("workspace_id", "=", ws.id).where("name", "=", "stolen").execute();
    expect(keys).toEqual([]);
    // The person is still signed in: the refusal cost them nothing.
    await page.goto(`${HEED_ORIGIN}/app`);
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("limits sign-in attempts, and says when to try again", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const { context, page, problems } = await newPage(chromium.browser);
    await page.goto(`${HEED_ORIGIN}/app/sign-in`);
    await page.getByLabel("Email").fill(`${memberId}@example.com`);
    await page.getByLabel("Password").fill("not the right passphrase");
    const alert = page.getByRole("alert");
    for (let attempt = 1; attempt <= 11; attempt++) {
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect.poll(() => alert.textContent()).toMatch(attempt <= 10 ? /wrong/ : /Too many sign-in attempts; try again in 15 minutes\./);
      if (attempt <= 10) await page.getByLabel("Password").fill(`not the right passphrase ${attempt}`);
    }
    // Even the right password waits now.
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => alert.textContent()).toMatch(/Too many sign-in attempts/);
    await everyView(page, "dashboard-sign-in-limited");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signs a new person of an allowed domain up through the provider's button, and explains a refusal", { timeout: 60_000 }, async () => {
    await h.database.db.deleteFrom("workspaces").where("slug", "=", "acme-sso").execute();
    const ws = await h.workspace();
    await h.database.db.updateTable("workspaces").set({ slug: "acme-sso" }).where("id", "=", ws.id).execute();
    const { context, page, problems } = await newPage(chromium.browser);
    await page.goto(`${HEED_ORIGIN}/app/sign-in`);
    const button = page.getByRole("link", { name: "Sign in with Acme SSO" });
    await expect.poll(() => button.isVisible()).toBe(true);
    await everyView(page, "dashboard-sign-in-sso");

    idp.as(person("sso-ada", "ada@acme.test"));
    await button.click();
    await page.waitForURL(`${HEED_ORIGIN}/app`, { timeout: 10_000 }).catch(async () => {
      throw new Error(`stopped at ${page.url()}: ${(await page.content()).slice(0, 500)}`);
    });
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("You are signed in as ada@acme.test, a member of this workspace.").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Sign out" }).click();

    // Another domain may not sign up: the person lands back on the sign-in page with the reason.
    // (A fresh browser state, or the provider would remember Ada.)
    await context.clearCookies();
    idp.as(person("sso-eve", "eve@elsewhere.test"));
    await page.getByRole("link", { name: "Sign in with Acme SSO" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/Single sign-on did not sign you in/);
    expect(new URL(page.url()).pathname).toBe("/app/sign-in");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds a workspace's own provider by its slug", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["workspace:write"]);
    const set = await h.call("PUT", "/v1/workspace/single-sign-on", {
      key,
      json: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: ["globex.test"], label: "Globex Okta" },
    });
    expect(set.status).toBe(200);
    const { context, page, problems } = await newPage(chromium.browser, { width: 375 });
    await page.goto(`${HEED_ORIGIN}/app/sign-in`);
    await page.getByText("Your company's single sign-on").click();
    await page.getByLabel("Workspace").fill(ws.slug);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("link", { name: "Sign in with Globex Okta" }).isVisible()).toBe(true);
    expect(new URL(page.url()).search).toBe(`?workspace=${ws.slug}`);
    idp.as(person("sso-hank", "hank@globex.test"));
    await page.getByRole("link", { name: "Sign in with Globex Okta" }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("links a workspace's own provider from Settings with the password, to an identity of the account's email, then signs in with it", {
    timeout: 90_000,
  }, async () => {
    const ws = await h.workspace();
    const set = await h.call("PUT", "/v1/workspace/single-sign-on", {
      key: await ws.key(["workspace:write"]),
      json: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: [], label: "Globex Okta" },
    });
    expect(set.status).toBe(200);
    const [adminId] = await makeMembers(h.database.db, ws.id, ["admin"], PASSWORD);
    const email = `${adminId}@example.com`;
    const { context, page, problems } = await newPage(chromium.browser);
    // Before linking, the provider does not open the existing account, whatever email it vouches for.
    idp.as(person("sso-link-admin", email));
    await page.goto(`${HEED_ORIGIN}/app/sign-in?workspace=${ws.slug}`);
    await page.getByRole("link", { name: "Sign in with Globex Okta" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/link single sign-on under Settings, Your sessions/);
    await screenshot(page, "sign-in-sso-refused");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${HEED_ORIGIN}/app`);
    await page.goto(`${HEED_ORIGIN}/app/settings/sessions`);
    await expect.poll(() => page.getByText("No provider signs you in yet").isVisible()).toBe(true);

    /** Signs in at the provider afresh (it remembers whoever signed in there last) as `who`, from Settings. */
    const linkAs = async (who: ReturnType<typeof person>) => {
      await context.clearCookies({ domain: new URL(idp.issuer).hostname });
      idp.as(who);
      await page.getByRole("button", { name: "Link Globex Okta" }).click();
      const form = page.getByRole("form", { name: "Link Globex Okta" });
      await form.getByLabel("Your password").fill(PASSWORD);
      return form;
    };
    // Signed in at the provider as someone else: nothing is linked, and Settings says why.
    await linkAs(person("sso-link-stranger", "stranger@globex.test"));
    await everyView(page, "settings-sessions-sso-link");
    await page.getByRole("button", { name: "Continue to Globex Okta" }).click();
    await expect.poll(() => page.getByRole("alert").textContent(), { timeout: 10_000 }).toMatch(/has another email than your account/);
    expect(new URL(page.url()).search).toBe("?sso=email");
    await everyView(page, "settings-sessions-sso-other-email");

    await linkAs(person("sso-link-admin", email));
    await page.getByRole("button", { name: "Continue to Globex Okta" }).click();
    await expect.poll(() => page.getByText(idp.issuer).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/app/settings/sessions");
    await everyView(page, "settings-sessions-sso-linked");

    await page.getByRole("button", { name: "Sign out", exact: true }).first().click();
    await page.waitForURL(/\/app\/sign-in/);
    await page.goto(`${HEED_ORIGIN}/app/sign-in?workspace=${ws.slug}`);
    await page.getByRole("link", { name: "Sign in with Globex Okta" }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
