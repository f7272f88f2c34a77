import { describe, expect, it } from "vitest";
import { createPasswordResetLink } from "../../server/src/features/accounts/password-reset.js";
import { createInvite } from "../../server/src/features/invites/invites.js";
import { expectAccessible, screenshot, useChromium } from "../../server/test/support/browser.js";
import { everyView, newPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";

// The dashboard's front door as a person uses it, in Chromium: accept an invite, land in the
// workspace, sign out, fail and then succeed to sign in, by mouse and by keyboard, at desktop and
// phone widths, light and dark, with every page checked by axe-core and photographed.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

const PASSWORD = "a long enough passphrase";

describe("the dashboard's sign-in", () => {
  // Each of these two hashes passwords several times and loads the dashboard more than once: past
  // the 30 s default on a loaded two-core CI machine (seen once), as the longer flows elsewhere are.
  it("accepts an owner's invite, signs out, refuses a wrong password, and signs in again", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const invite = await createInvite({ ctx: ws.ctx, input: { email: "owner@acme.test", role: "owner" } });
    const { context, page, problems } = await newPage(chromium.browser);

    const response = await page.goto(invite.inviteUrl);
    expect(response!.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect.poll(() => page.getByRole("heading", { name: `Join ${ws.row.name}` }).isVisible()).toBe(true);
    await everyView(page, "dashboard-accept-invite");
    await page.getByLabel("Your name").fill("Ada Owner");
    await page.getByLabel(/^Password/).fill("too short");
    await page.getByRole("button", { name: `Join ${ws.row.name}` }).click();
    await expect.poll(() => page.getByText("At least 10 characters.").isVisible()).toBe(true);
    await screenshot(page, "dashboard-accept-invite-error");
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: `Join ${ws.row.name}` }).click();

    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/app");
    await expect.poll(() => page.getByText("You are signed in as owner@acme.test, an owner of this workspace.").isVisible()).toBe(true);
    await expectAccessible(page, "overview");
    await screenshot(page, "dashboard-overview");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to Heed" }).isVisible()).toBe(true);
    // Signed out on the server: the old cookie opens nothing.
    expect((await context.request.get(`${h.url}/v1/auth/session`)).status()).toBe(401);

    // A field left empty or not an address is named in words, before anything is sent.
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByText("Required.").first().isVisible()).toBe(true);
    await page.getByLabel("Email").fill("owner");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByText("Enter an email address, such as ada@example.com.").isVisible()).toBe(true);
    await page.getByLabel("Email").fill("owner@acme.test");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("The email or the password is wrong.");
    await expectAccessible(page, "sign-in with an error");
    await screenshot(page, "dashboard-sign-in-error");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signs in by keyboard alone, at phone width in dark mode, and sends a signed-out visitor to sign in", async () => {
    const ws = await h.workspace();
    const invite = await createInvite({ ctx: ws.ctx, input: { email: "kbd@acme.test", role: "member" } });
    const token = invite.inviteUrl.split("/app/invite/")[1]!;
    expect((await h.call("POST", `/v1/auth/invites/${token}/accept`, { json: { name: "Key Board", password: PASSWORD } })).status).toBe(200);

    const { context, page, problems, refusals } = await newPage(chromium.browser, { width: 375, dark: true });
    await page.goto(`${h.url}/app`);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to Heed" }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/app/sign-in");
    // Being signed out is expected here, not an error: no 401 in the console.
    expect(refusals).toEqual([]);
    await expectAccessible(page, "sign-in, dark, 375 px");
    await screenshot(page, "dashboard-sign-in-375-dark");
    // Tab reaches the email field first, then the password; Enter submits.
    await page.keyboard.press("Tab");
    await page.keyboard.type("kbd@acme.test");
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, "overview, dark, 375 px");
    await screenshot(page, "dashboard-overview-375-dark");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("asks for a password link from the sign-in page, and sets a new password with a link an owner made", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], "the old passphrase");
    const { context, page, problems } = await newPage(chromium.browser, { width: 375 });
    await page.goto(`${h.url}/app/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Forgot your password?" }).isVisible()).toBe(true);
    await page.getByLabel("Email").fill(`${memberId}@example.com`);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect.poll(() => page.getByRole("status").isVisible()).toBe(true);
    await everyView(page, "dashboard-reset-requested");

    const link = await createPasswordResetLink({ ctx: ws.ctx, input: { id: memberId! } });
    await page.goto(link.resetUrl);
    await expect.poll(() => page.getByRole("heading", { name: "Set a new password" }).isVisible()).toBe(true);
    await page.getByLabel(/^New password/).fill("short");
    await page.getByRole("button", { name: "Set the password and sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("At least 10 characters.");
    await everyView(page, "dashboard-reset-password-error");
    await page.getByLabel(/^New password/).fill("the new passphrase");
    await page.getByRole("button", { name: "Set the password and sign in" }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email: `${memberId}@example.com`, password: "the new passphrase" } })).status).toBe(200);
    expect(problems).toEqual([]);

    // Used once: the link now answers 404, which the page explains.
    await page.goto(link.resetUrl);
    await expect.poll(() => page.getByRole("heading", { name: "This link cannot be used" }).isVisible()).toBe(true);
    await context.close();
  });

  it("shows a used invite link as unusable", async () => {
    const { context, page } = await newPage(chromium.browser);
    await page.goto(`${h.url}/app/invite/${"x".repeat(43)}`);
    await expect.poll(() => page.getByRole("heading", { name: "This invite cannot be used" }).isVisible()).toBe(true);
    await screenshot(page, "dashboard-invite-unusable");
    await context.close();
  });
});
