import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Settings → Workspace in Chromium: the settings form with its field errors, the identity secret
// revealed only on request and rotated, the public key rotated (the old one refused at once), and
// the workspace's own single sign-on set and turned off.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("Settings → Workspace", () => {
  it("saves settings, refusing a bad origin by its line", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems, refusals } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/workspace");
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe(ws.row.name);
    await expect.poll(() => page.getByText("Not set up: people sign in").isVisible()).toBe(true);
    // A workspace without its own single sign-on is a state, not an error: no 404 in the console.
    expect(refusals).toEqual([]);
    // The portal is a link, from every page's header and in full here, to pass on to users.
    const address = `${h.url}/p/${ws.slug}`;
    expect(await page.getByRole("link", { name: address }).getAttribute("href")).toBe(`/p/${ws.slug}`);
    const headerLink = page.getByRole("banner").getByRole("link", { name: /^Portal of / });
    expect(await headerLink.getAttribute("target")).toBe("_blank");
    const [portal] = await Promise.all([context.waitForEvent("page"), headerLink.click()]);
    await portal.waitForURL(address);
    await expect.poll(() => portal.title()).toContain(ws.row.name);
    await portal.close();
    await page.getByLabel("Name", { exact: true }).fill("Acme Feedback");
    await page.getByLabel("Allowed origins").fill("https://app.acme.test\nnot an origin");
    await page.getByLabel("Portal", { exact: true }).selectOption("private");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText(/^Line 2: /).isVisible()).toBe(true);
    await everyView(page, "settings-workspace-error");

    await page.getByLabel("Allowed origins").fill("https://app.acme.test\nhttps://www.acme.test:8443");
    await page.getByLabel("Portal posts per hour (optional)").fill("5");
    await page.getByLabel("Gather notification mail for, in seconds (optional)").fill("0");
    await page.getByLabel("Portal language").selectOption({ label: "Deutsch" });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Settings saved.").isVisible()).toBe(true);
    const saved = (await h.call("GET", "/v1/workspace", { key: await ws.key(["workspace:read"]) })).body;
    expect(saved).toMatchObject({
      name: "Acme Feedback",
      portalVisibility: "private",
      allowedOrigins: ["https://app.acme.test", "https://www.acme.test:8443"],
      portalPostsPerHour: 5,
      // 0 is a setting (each change at once), not "empty".
      notificationWindowSeconds: 0,
      portalLanguage: "de",
      // The admin's save leaves identity verification as it was (on, as in every new workspace).
      identityVerification: true,
      authorVotes: true,
    });
    // One change alone, from the page as a pasted address opens it: every other field stays.
    await page.goto(`${h.url}/app/settings/workspace`);
    const authorVotes = page.getByRole("checkbox", { name: /Authors vote for their own ideas/ });
    await expect.poll(() => authorVotes.isChecked()).toBe(true);
    await authorVotes.uncheck();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Settings saved.").isVisible()).toBe(true);
    const { authorVotes: changed, updatedAt: _u1, ...rest } = (await h.call("GET", "/v1/workspace", { key: await ws.key(["workspace:read"]) })).body;
    const { authorVotes: _was, updatedAt: _u0, ...restBefore } = saved;
    expect([changed, rest]).toEqual([false, restBefore]);
    await page.reload();
    await expect.poll(() => authorVotes.isChecked()).toBe(false);
    // The switcher in the header follows the new name.
    await expect.poll(() => page.getByRole("combobox", { name: "Workspace" }).textContent()).toContain("Acme Feedback");
    await everyView(page, "settings-workspace");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("moves the portal to a new address, refusing one another workspace has, and shows it at once", { timeout: 120_000 }, async () => {
    const [ws, other] = [await h.workspace(), await h.workspace()];
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/workspace");
    const field = page.getByLabel("Portal address");
    await expect.poll(() => field.inputValue()).toBe(ws.slug);
    await field.fill(other.slug);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Taken already. Choose another.").isVisible()).toBe(true);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await everyView(page, "settings-workspace-address-taken");

    const now = `${ws.slug}-moved`;
    await field.fill(now);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Settings saved.").isVisible()).toBe(true);
    // The new address at once, here and in the header, without a reload.
    const address = `${h.url}/p/${now}`;
    await expect.poll(() => page.getByRole("link", { name: address }).getAttribute("href")).toBe(`/p/${now}`);
    await expect
      .poll(() =>
        page
          .getByRole("banner")
          .getByRole("link", { name: /^Portal of / })
          .getAttribute("href"),
      )
      .toBe(`/p/${now}`);
    await everyView(page, "settings-workspace-address");
    // The old address, pasted, reaches the portal at the new one.
    const portal = await context.newPage();
    await portal.goto(`${h.url}/p/${ws.slug}/roadmap`);
    await expect.poll(() => portal.url()).toBe(`${address}/roadmap`);
    await expect.poll(() => portal.title()).toContain(ws.row.name);
    await portal.close();
    await page.reload();
    await expect.poll(() => field.inputValue()).toBe(now);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("reveals the identity secret only when asked, rotates it, and rotates the public key", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/workspace", { dark: true });
    await expect.poll(() => page.getByTestId("public-key").textContent()).toBe(ws.publicKey);
    const identitySecret = (await h.call("GET", "/v1/workspace/identity-secret", { key: await ws.key(["workspace:write"]) })).body.identitySecret;
    expect(await page.content()).not.toContain(identitySecret);

    await page.getByRole("button", { name: "Reveal the identity secret" }).click();
    await expect.poll(() => page.getByTestId("identity-secret").textContent()).toBe(identitySecret);
    await everyView(page, "settings-workspace-secret-revealed");

    await page.getByRole("button", { name: "Rotate identity secret" }).click();
    await page.getByRole("dialog", { name: "Rotate the identity secret?" }).getByRole("button", { name: "Rotate" }).click();
    await expect.poll(() => page.getByTestId("identity-secret").textContent()).not.toBe(identitySecret);
    const rotated = (await h.call("GET", "/v1/workspace/identity-secret", { key: await ws.key(["workspace:write"]) })).body.identitySecret;
    expect(await page.getByTestId("identity-secret").textContent()).toBe(rotated);
    await page.getByRole("button", { name: "Hide" }).click();
    expect(await page.content()).not.toContain(rotated);

    expect((await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() })).status).toBe(200);
    await page.getByRole("button", { name: "Rotate public key" }).click();
    await page.getByRole("dialog", { name: "Rotate the public key?" }).getByRole("button", { name: "Rotate" }).click();
    await expect.poll(() => page.getByTestId("public-key").textContent()).not.toBe(ws.publicKey);
    const newKey = (await page.getByTestId("public-key").textContent())!;
    expect((await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() })).status).toBe(401);
    expect((await h.call("GET", "/v1/portal/workspace", { headers: { "x-service-public-key": newKey } })).status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sets the workspace's own single sign-on with a write-only secret, and turns it off", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/workspace", { width: 375 });
    await expect.poll(() => page.getByRole("heading", { name: "Single sign-on" }).isVisible()).toBe(true);
    await page.getByLabel("Issuer URL").fill("acme.okta.example");
    await page.getByLabel("Client ID").fill("heed-dashboard");
    await page.getByLabel("Client secret").fill("a-client-secret");
    await page.getByLabel("Allowed email domains").fill("acme.test, acme-corp.test");
    await page.getByLabel("Button label").fill("Acme Okta");
    await page.getByRole("button", { name: "Turn on single sign-on" }).click();
    await expect.poll(() => page.getByLabel("Issuer URL").getAttribute("aria-invalid")).toBe("true");
    await everyView(page, "settings-workspace-sso-error");

    await page.getByLabel("Issuer URL").fill("https://acme.okta.example");
    await page.getByLabel("Client secret").fill("a-client-secret");
    await page.getByRole("button", { name: "Turn on single sign-on" }).click();
    await expect.poll(() => page.getByText("Single sign-on saved.").isVisible()).toBe(true);
    expect(await page.content()).not.toContain("a-client-secret");
    expect(await page.getByLabel("Client secret").inputValue()).toBe("");
    const stored = (await h.call("GET", "/v1/workspace/single-sign-on", { key: await ws.key(["workspace:read"]) })).body;
    expect(stored).toMatchObject({
      issuer: "https://acme.okta.example",
      clientId: "heed-dashboard",
      allowedDomains: ["acme.test", "acme-corp.test"],
      label: "Acme Okta",
    });
    expect((await h.call("GET", `/v1/auth/sign-in-options?workspace=${ws.slug}`)).body.singleSignOn[0].label).toBe("Acme Okta");
    await everyView(page, "settings-workspace-sso");

    await page.getByRole("button", { name: "Turn off single sign-on" }).click();
    await page.getByRole("dialog", { name: "Turn off single sign-on?" }).getByRole("button", { name: "Turn it off" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Turn on single sign-on" }).isVisible()).toBe(true);
    expect((await h.call("GET", `/v1/auth/sign-in-options?workspace=${ws.slug}`)).body.singleSignOn).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("locks identity verification on for an admin, and warns an owner who turns it off", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const admin = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/workspace");
    const adminSwitch = admin.page.getByRole("checkbox", { name: /Identity verification/ });
    await expect.poll(() => adminSwitch.isChecked()).toBe(true);
    expect(await adminSwitch.isDisabled()).toBe(true);
    expect(await admin.page.getByText("Only an owner can turn identity verification off.").isVisible()).toBe(true);
    expect(await admin.page.getByText("Identity verification is off.").count()).toBe(0);
    await admin.context.close();

    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/workspace");
    const toggle = page.getByRole("checkbox", { name: /Identity verification/ });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(false);
    await toggle.uncheck();
    // The warning shows before the owner saves, and stays while it is off.
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Identity verification is off." }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => page.getByText("Settings saved.").isVisible()).toBe(true);
    expect((await h.call("GET", "/v1/workspace", { key: await ws.key(["workspace:read"]) })).body.identityVerification).toBe(false);
    await page.reload();
    await expect.poll(() => page.getByText("Identity verification is off.").isVisible()).toBe(true);
    expect((await h.call("POST", "/v1/identify", { headers: ws.customer(), json: { userId: "anyone" } })).status).toBe(200);
    await everyView(page, "settings-workspace-verification-off");
    expect(problems).toEqual([]);
    await context.close();
  });
});
