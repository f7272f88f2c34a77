import { describe, expect, it } from "vitest";
import { createInvite } from "../../server/src/features/invites/invites.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, newPage, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";
import { PASSWORD } from "../../server/test/support/sessions.js";
import { useSmtp } from "../../server/test/support/smtp.js";

// Settings → Members and Your sessions in Chromium, with mail going to a real SMTP server started
// here: an owner invites, the invitee joins from the mail in a browser of their own, roles change,
// people leave, and sessions end on the server when the page says they do.

const smtp = useSmtp();

const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();

/** The first link in a mail's text. */
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe("Settings → Members", () => {
  it("invites by mail; the invitee joins in another browser as a member, without Settings → API keys", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const owner = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/members");
    const { page } = owner;
    await expect.poll(() => page.getByRole("heading", { name: "Members", level: 1 }).isVisible()).toBe(true);
    await page.getByLabel("Email").fill("not an email");
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect.poll(() => page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await everyView(page, "settings-members-invite-error");

    await page.getByLabel("Email").fill("mia@acme.test");
    await page.getByLabel("Role", { exact: true }).selectOption("member");
    await page.getByRole("button", { name: "Send invite" }).click();
    await expect.poll(() => page.getByText("It is on its way to mia@acme.test by email too.").isVisible()).toBe(true);
    const shownLink = (await page.getByTestId("secret").textContent())!;
    await expect.poll(() => page.getByRole("cell", { name: "mia@acme.test", exact: true }).isVisible()).toBe(true);
    await everyView(page, "settings-members-invite-link");

    // The invitee opens the link from the mail, in a browser of their own.
    const mail = await smtp.mailTo("mia@acme.test");
    expect(linkIn(mail.text)).toBe(shownLink);
    const mia = await newPage(chromium.browser, { width: 375 });
    // The mail as her mail program shows it (its HTML part), and its button clicked; then a reload
    // of the invite page, as a person who opened it and came back.
    await mia.page.setContent(mail.html);
    expect(
      await mia.page
        .locator("p")
        .filter({ hasText: /invited you to join .* as a member\./ })
        .isVisible(),
    ).toBe(true);
    // The mail's button opens a tab of its own, as in a mail program.
    const [invitePage] = await Promise.all([mia.context.waitForEvent("page"), mia.page.getByRole("link", { name: "Accept the invite" }).click()]);
    invitePage.on("pageerror", (error) => mia.problems.push(error.message));
    await mia.page.close();
    Object.assign(mia, { page: invitePage });
    await mia.page.waitForURL(shownLink);
    await mia.page.reload();
    await mia.page.getByLabel("Your name").fill("Mia Member");
    await mia.page.getByLabel(/^Password/).fill(PASSWORD);
    await mia.page.getByRole("button", { name: `Join ${ws.row.name}` }).click();
    await expect.poll(() => mia.page.getByText("You are signed in as mia@acme.test, a member of this workspace.").isVisible()).toBe(true);
    await mia.page.getByRole("link", { name: "Settings" }).click();
    const nav = mia.page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual(["Notifications", "Your sessions"]);
    expect((await mia.context.request.get(`${h.url}/v1/api-keys`)).status()).toBe(403);
    expect(mia.problems).toEqual([]);

    // Back with the owner: Mia is on the team and no longer pending; she becomes an admin.
    await page.reload();
    await expect.poll(() => page.getByRole("combobox", { name: "Role of Mia Member" }).isVisible()).toBe(true);
    // Members and invites are two queries; the invites list may paint a moment later.
    await expect.poll(() => page.getByText("No pending invites.").isVisible()).toBe(true);
    await page.getByRole("combobox", { name: "Role of Mia Member" }).selectOption("admin");
    await expect
      .poll(
        async () =>
          (await h.call("GET", "/v1/members", { key: await ws.key(["members:read"]) })).body.data.find((m: { name: string }) => m.name === "Mia Member")?.role,
      )
      .toBe("admin");
    await everyView(page, "settings-members");

    // Removed with confirmation: her session opens nothing in this workspace any more.
    await page.getByRole("button", { name: "Remove Mia Member" }).click();
    await page.getByRole("dialog", { name: "Remove Mia Member?" }).getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => page.getByRole("combobox", { name: "Role of Mia Member" }).count()).toBe(0);
    expect((await mia.context.request.get(`${h.url}/v1/posts`)).status()).toBe(403);
    expect(owner.problems).toEqual([]);
    await mia.context.close();
    await owner.context.close();
  });

  it("keeps the last owner, and takes back a pending invite", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    await createInvite({ ctx: ws.ctx, input: { email: "late@acme.test", role: "admin" } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/members", { dark: true });
    await page.getByRole("button", { name: "Leave this workspace" }).click();
    await page.getByRole("dialog", { name: "Leave this workspace?" }).getByRole("button", { name: "Leave" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/owner/i);
    await everyView(page, "settings-members-last-owner");

    await page.getByRole("button", { name: "Revoke the invite for late@acme.test" }).click();
    await page.getByRole("dialog", { name: "Revoke the invite for late@acme.test?" }).getByRole("button", { name: "Revoke the invite" }).click();
    await expect.poll(() => page.getByText("No pending invites.").isVisible()).toBe(true);
    const invites = await h.call("GET", "/v1/members/invites", { key: await ws.key(["members:read"]) });
    expect(invites.body.data).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists the keys a removed admin created, and hands them to a member who stays", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const owner = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/members");
    const [adminId] = await makeMembers(h.database.db, ws.id, ["admin"], PASSWORD);
    await h.database.db.updateTable("members").set({ name: "Ada Admin" }).where("id", "=", adminId!).execute();
    const admin = await h.call("POST", "/v1/auth/sign-in", { json: { email: `${adminId}@example.com`, password: PASSWORD } });
    const adminHeaders = { cookie: admin.headers.getSetCookie()[0]!.split(";")[0]!, "x-csrf-token": admin.body.csrfToken, origin: h.url };
    const deploy = await h.call("POST", "/v1/api-keys", { headers: adminHeaders, json: { name: "Deploy bot", scopes: ["posts:read"] } });
    const stale = await h.call("POST", "/v1/api-keys", { headers: adminHeaders, json: { name: "Old script", scopes: ["posts:read"] } });
    expect([deploy.status, stale.status]).toEqual([201, 201]);

    const { page } = owner;
    await page.reload();
    await page.getByRole("button", { name: "Remove Ada Admin" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Ada Admin?" });
    await expect.poll(() => dialog.getByText("These 2 API keys they created stop working too").isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Deploy bot").isVisible()).toBe(true);
    await everyView(page, "settings-members-remove-keys");
    await dialog.getByLabel("Their keys").selectOption({ label: "Keep them with Member 0" });
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await expect.poll(() => page.getByRole("cell", { name: `${adminId}@example.com` }).count()).toBe(0);
    for (const key of [deploy.body.key, stale.body.key]) expect((await h.call("GET", "/v1/posts", { key })).status).toBe(200);
    const kept = await h.call("GET", `/v1/api-keys?createdBy=${owner.memberId}`, { key: await ws.key() });
    expect(kept.body.data.map((k: { name: string }) => k.name).sort()).toEqual(["Deploy bot", "Old script"]);
    expect(owner.problems).toEqual([]);
  });

  it("mails a password link asked for on the sign-in page, which sets a new password and signs in", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const [memberId] = await makeMembers(h.database.db, ws.id, ["member"], PASSWORD);
    const email = `${memberId}@example.com`;
    const { context, page, problems } = await newPage(chromium.browser);
    await page.goto(`${h.url}/app/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // The page loads on its first visit: until it shows, "Email" is still the sign-in form's field.
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    // Mailed after the answer, so a loaded machine may take a while.
    const mail = await smtp.mailTo(email, 15_000);
    await page.goto(linkIn(mail.text));
    await page.getByLabel(/^New password/).fill("a brand new passphrase");
    await page.getByRole("button", { name: "Set the password and sign in" }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);
    expect((await h.call("POST", "/v1/auth/sign-in", { json: { email, password: PASSWORD } })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("Settings → Your sessions", () => {
  it("lists this account's browsers, signs one out, then signs out everywhere", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const laptop = await signedInPage(chromium.browser, h, ws, "member", "/app/settings/sessions");
    // The same account in a second chromium.browser.
    const phone = await newPage(chromium.browser, { width: 375 });
    expect(
      (
        await phone.context.request.post(`${h.url}/v1/auth/sign-in`, { data: { email: laptop.email, password: PASSWORD }, headers: { origin: h.url } })
      ).status(),
    ).toBe(200);
    const { page } = laptop;
    await page.reload();
    const rows = page.getByRole("table", { name: "Your sessions" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByText("this browser").count()).toBe(1);
    await everyView(page, "settings-sessions");

    await page.getByRole("button", { name: /^Sign out Chrome on Linux/ }).click();
    await page.getByRole("dialog", { name: "Sign out that browser?" }).getByRole("button", { name: "Sign it out" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect((await phone.context.request.get(`${h.url}/v1/auth/session`)).status()).toBe(401);

    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByRole("dialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to Heed" }).isVisible()).toBe(true);
    expect((await laptop.context.request.get(`${h.url}/v1/auth/session`)).status()).toBe(401);
    expect(laptop.problems).toEqual([]);
    await phone.context.close();
    await laptop.context.close();
  });
});
