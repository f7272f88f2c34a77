import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.js";
import { signedInPage } from "../support/dashboard.js";
import { useHarness } from "../support/harness.js";

// Settings as each role finds it: owners and admins get every page, a member only their own
// sessions, and the API refuses a member who types a settings address anyway.

const h = useHarness({ publicUrlIsServed: true });
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WORKSPACE_PAGES = ["API keys", "Webhooks", "Members", "Workspace", "Boards", "Audit log"];

describe("the dashboard's Settings", () => {
  it("offers an admin every settings page, by keyboard from the main navigation", async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(browser, h, ws, "admin");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).focus();
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual([...WORKSPACE_PAGES, "Your sessions"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("offers a member only their own sessions", async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(browser, h, ws, "member", "/app/settings");
    const nav = page.getByRole("navigation", { name: "Settings" });
    await expect.poll(() => nav.getByRole("link").allTextContents()).toEqual(["Your sessions"]);
    expect(new URL(page.url()).pathname).toBe("/app/settings/sessions");
    expect(problems).toEqual([]);
    await context.close();
  });
});
