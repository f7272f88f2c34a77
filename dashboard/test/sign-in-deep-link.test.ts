import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, useChromium } from "../../server/test/support/browser.js";
import { newPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";
import { person, acmeSignOn, useOidcProvider } from "../../server/test/support/oidc-provider.js";
import { HEED_ORIGIN, PASSWORD, signInAs } from "../../server/test/support/sessions.js";
import { codeAt, turnOnTwoFactor } from "../../server/test/support/two-factor.js";

// An address of the dashboard pasted while signed out opens, once signed in, exactly that page,
// with its filters: by password, by password and a two-factor code, and by single sign-on, and
// after a reload of the sign-in page. A `next` that names another site lands inside /app.

const idp = useOidcProvider();

const h = useHarness({ oidc: acmeSignOn(idp, "deep-link-sso") });

const chromium = useChromium(() => [`--host-resolver-rules=MAP heed.test:80 127.0.0.1:${new URL(h.url).port}`]);

const DEEP_LINK = "/app/posts?status=open";

/** A fresh browser (no cookie) opens the deep link, and is sent to sign in. */
async function signedOutAt(address: string) {
  const opened = await newPage(chromium.browser);
  await opened.page.goto(`${HEED_ORIGIN}${address}`);
  await expect.poll(() => opened.page.getByRole("heading", { name: "Sign in to Heed" }).isVisible()).toBe(true);
  return opened;
}

async function fillPassword(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** On the inbox with the "open" filter applied: the address, the filter's choice, and the page. */
async function expectOnOpenInbox(page: Page) {
  await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(DEEP_LINK);
  await expect.poll(() => page.getByRole("heading", { name: "Inbox", level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel("Status", { exact: true }).inputValue()).toBe("open");
}

describe("a deep link opened while signed out", () => {
  it("opens the page and its filter after signing in with a password, also after a reload of the sign-in page", async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const { context, page, problems } = await signedOutAt(DEEP_LINK);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to Heed" }).isVisible()).toBe(true);
    await fillPassword(page, `${memberId}@example.com`);
    await expectOnOpenInbox(page);
    await screenshot(page, "deep-link-password");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens the page and its filter after a password and a two-factor code", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const email = `${memberId}@example.com`;
    const me = await signInAs(h, email, memberId!);
    const { secret } = await turnOnTwoFactor(h, me);
    const codeOf = () => codeAt(secret);

    const { context, page, problems } = await signedOutAt(DEEP_LINK);
    await fillPassword(page, email);
    await expect.poll(() => page.getByLabel("Authentication code").isVisible()).toBe(true);
    // A reload while the code is asked for: the person types both again, and still lands there.
    await page.reload();
    await fillPassword(page, email);
    await expect.poll(() => page.getByLabel("Authentication code").isVisible()).toBe(true);
    await page.getByLabel("Authentication code").fill(codeOf());
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectOnOpenInbox(page);
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });

  it("opens the page and its filter after single sign-on's round trip, also after a reload of the sign-in page", { timeout: 60_000 }, async () => {
    await h.database.db.deleteFrom("workspaces").where("slug", "=", "deep-link-sso").execute();
    const ws = await h.workspace();
    await h.database.db.updateTable("workspaces").set({ slug: "deep-link-sso" }).where("id", "=", ws.id).execute();
    const { context, page, problems } = await signedOutAt(DEEP_LINK);
    await page.reload();
    const button = page.getByRole("link", { name: "Sign in with Acme SSO" });
    await expect.poll(() => button.isVisible()).toBe(true);
    idp.as(person("deep-link-ada", "deep-ada@acme.test"));
    await button.click();
    await expectOnOpenInbox(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps the page through a refused single sign-on, and opens it after signing in with a password instead", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const { context, page, problems } = await signedOutAt(DEEP_LINK);
    // Another domain may not sign up: the provider's answer is refused.
    idp.as(person("deep-link-eve", "eve@elsewhere.test"));
    await page.getByRole("link", { name: "Sign in with Acme SSO" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/Single sign-on did not sign you in/);
    expect(new URL(page.url()).pathname).toBe("/app/sign-in");
    await fillPassword(page, `${memberId}@example.com`);
    await expectOnOpenInbox(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lands inside the dashboard whatever other site `next` names", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const { context, page, problems } = await newPage(chromium.browser);
    for (const next of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "/.//evil.example",
      "/sign-in",
    ]) {
      await page.goto(`${HEED_ORIGIN}/app/sign-in?next=${encodeURIComponent(next)}`);
      await fillPassword(page, `${memberId}@example.com`);
      await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible(), { message: next }).toBe(true);
      expect(new URL(page.url()).origin, next).toBe(HEED_ORIGIN);
      expect(new URL(page.url()).pathname, next).toBe("/app");
      // The single sign-on button's way back is a page of the dashboard too.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.goto(`${HEED_ORIGIN}/app/sign-in?next=${encodeURIComponent(next)}`);
      const href = await page.getByRole("link", { name: "Sign in with Acme SSO" }).getAttribute("href");
      const redirect = new URL(href!, HEED_ORIGIN).searchParams.get("redirect");
      expect(redirect === null || /^\/app(\/[^/\\]|$)/.test(redirect), `${next}: ${redirect}`).toBe(true);
      await context.clearCookies();
    }
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });
});
