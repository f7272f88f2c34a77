import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Settings as each role finds it: owners and admins get every page, a member only their own
// sessions, and the API refuses a member who types a settings address anyway.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

const WORKSPACE_PAGES = ["API keys", "Webhooks", "Integrations", "Members", "Workspace", "Boards", "Import", "Audit log"];

describe("the dashboard's Settings", () => {
  it("offers an admin every settings page, by keyboard from the main navigation", async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).focus();
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual([...WORKSPACE_PAGES, "Notifications", "Your sessions"]);
    // Settings opens on the workspace's own, which an admin came to change.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/app/settings/workspace");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("offers a member only their own sessions", async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/settings");
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual(["Notifications", "Your sessions"]);
    // The index route redirects once it has rendered: the links may show first.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/app/settings/notifications");
    expect(problems).toEqual([]);
    await context.close();
  });
});
