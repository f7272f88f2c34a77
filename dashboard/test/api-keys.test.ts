import { describe, expect, it } from "vitest";
import { createInvite } from "../../server/src/features/invites/invites.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, newPage, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { PASSWORD } from "../../server/test/support/sessions.js";

// Settings → API keys as the seed's users meet it: an owner joins, makes a posts:read key, copies
// it once, uses it, and revokes it; an admin is kept from full access; a member is not offered it.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("Settings → API keys", () => {
  it("takes a new owner from the invite to a posts:read key shown once, used, and revoked", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const invite = await createInvite({ ctx: ws.ctx, input: { email: "owner.keys@acme.test", role: "owner" } });
    const { context, page, problems } = await newPage(chromium.browser);
    await page.goto(invite.inviteUrl);
    await page.getByLabel("Your name").fill("Olive Owner");
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole("button", { name: `Join ${ws.row.name}` }).click();
    await expect.poll(() => page.getByRole("heading", { name: ws.row.name, exact: true }).isVisible()).toBe(true);

    await page.getByRole("link", { name: "Create an API key" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "API keys", level: 1 }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/app/settings/api-keys");
    await expect.poll(() => page.getByRole("heading", { name: "No API keys yet" }).isVisible()).toBe(true);
    await everyView(page, "settings-api-keys-empty");

    // A name is required: the server's field error shows beside the field.
    await page.getByRole("button", { name: "New API key" }).click();
    await page.getByRole("button", { name: "Create key" }).click();
    const nameField = page.getByLabel("Name", { exact: true });
    await expect.poll(() => nameField.getAttribute("aria-invalid")).toBe("true");
    await everyView(page, "settings-api-keys-form-error");

    await nameField.fill("Status page");
    await page.getByLabel(/Posts read only/).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("secret");
    await expect.poll(() => shown.isVisible()).toBe(true);
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^heed_sk_/);
    await everyView(page, "settings-api-keys-shown-once");

    // The key works within its permissions.
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(200);
    expect((await h.call("GET", "/v1/boards", { key })).status).toBe(403);

    // Read once: after "I have copied it", and after a reload, the secret is nowhere on the page.
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect.poll(() => page.getByRole("cell", { name: "Status page", exact: true }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await expect.poll(() => page.getByRole("cell", { name: "Status page", exact: true }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(key);
    const row = page.getByRole("row", { name: /Status page/ });
    expect(await row.textContent()).toContain(`${key.slice(0, 12)}…${key.slice(-4)}`);
    expect(await row.textContent()).toContain("Posts read only");
    await everyView(page, "settings-api-keys-list");

    // Revoke: cancelled once with Escape, then confirmed.
    await page.getByRole("button", { name: "Revoke Status page" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke Status page?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await everyView(page, "settings-api-keys-revoke-confirm");
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(200);
    await page.getByRole("button", { name: "Revoke Status page" }).click();
    await dialog.getByRole("button", { name: "Revoke the key" }).click();
    await expect.poll(() => row.textContent()).toMatch(/Revoked/);
    expect((await h.call("GET", "/v1/posts", { key })).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("creates a custom permission set by keyboard, with an expiry and a rate limit", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/api-keys", { width: 375, dark: true });
    await expect.poll(() => page.getByRole("button", { name: "New API key" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "New API key" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Name", { exact: true }).focus();
    await page.keyboard.type("Triage bot");
    await page.getByLabel(/^Custom/).focus();
    await page.keyboard.press("Space");
    await page.getByLabel("Posts", { exact: true }).selectOption("write");
    await page.getByLabel("Boards, statuses and tags").selectOption("read");
    await page.getByLabel("Expires (optional)").fill("2031-06-30");
    await page.getByLabel("Rate limit per minute (optional)").fill("120");
    await everyView(page, "settings-api-keys-custom");
    await page.getByRole("button", { name: "Create key" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("secret").isVisible()).toBe(true);
    const key = (await page.getByTestId("secret").textContent())!;
    const stored = await h.database.db
      .selectFrom("api_keys")
      .select(["scopes", "expires_at", "rate_limit_per_minute"])
      .where("workspace_id", "=", ws.id)
      .where("name", "=", "Triage bot")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.scopes as string).sort()).toEqual(["boards:read", "posts:write"]);
    expect(stored.expires_at?.slice(0, 4)).toBe("2031");
    expect(stored.rate_limit_per_minute).toBe(120);
    expect((await h.call("POST", "/v1/boards", { key, json: { name: "Nope" } })).status).toBe(403);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps full access from an admin, and the page from a member", async () => {
    const ws = await h.workspace();
    const admin = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/api-keys");
    await admin.page.getByRole("button", { name: "New API key" }).click();
    expect(await admin.page.getByLabel(/^Full access/).isDisabled()).toBe(true);
    expect(await admin.page.getByText("Only an owner can create a full-access key.").isVisible()).toBe(true);
    await admin.context.close();

    const member = await signedInPage(chromium.browser, h, ws, "member", "/app/settings");
    const nav = member.page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual(["Notifications", "Your sessions"]);
    expect((await member.context.request.get(`${h.url}/v1/api-keys`)).status()).toBe(403);
    // Typed by hand, the address explains itself rather than breaking.
    await member.page.goto(`${h.url}/app/settings/api-keys`);
    await expect.poll(() => member.page.getByRole("heading", { name: "Owners and admins only" }).isVisible()).toBe(true);
    await everyView(member.page, "settings-api-keys-member-refused");
    expect(member.problems).toEqual([]);
    await member.context.close();
  });
});
