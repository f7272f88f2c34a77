import { mkdirSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_NAMES } from "../../../platform/changes/events.js";
import { operations } from "../../../routes.js";
import { launchChromium } from "../../../../test/support/browser.js";
import { useHarness } from "../../../../test/support/harness.js";

// The reference as a person sees it: Debian's Chromium renders /docs, every request it makes must go
// to our own process, and the screenshot is kept for a human to look at (test-results/docs.png).
// Swagger UI parses the whole document and draws every section in the page's one thread: beside
// another browser test on a loaded two-core CI machine that took 30 s, so the waits here are long.

const h = useHarness();
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe("/docs in a browser", () => {
  it("renders every operation from /openapi.json without loading anything from another host", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`${h.url}/docs`);
    // The sections open one at a time (docs.ts says why); each is opened, read and closed again.
    await page.waitForSelector(".opblock-tag", { timeout: 60_000 });
    const events = await page.locator(".opblock").count();
    expect(events).toBe(EVENT_NAMES.length);
    const tags = page.locator(".opblock-tag");
    const paths: string[] = [];
    for (let i = 0; i < (await tags.count()); i++) {
      await tags.nth(i).click();
      await expect.poll(() => page.locator(".opblock").count()).toBeGreaterThan(events);
      // The webhook events (always shown) are named, not pathed: only the section's routes are kept.
      paths.push(...(await page.locator(".opblock-summary-path").allInnerTexts()).map((p) => p.replace(/\u200b/g, "")).filter((p) => p.startsWith("/")));
      await tags.nth(i).click();
      await expect.poll(() => page.locator(".opblock").count()).toBe(events);
    }
    expect(paths).toEqual(expect.arrayContaining(["/posts", "/posts/{id}", "/api-keys", "/boards", "/statuses"]));
    // Every route, once, and every webhook event of the document's webhooks section.
    expect(paths).toHaveLength(operations.length);
    await tags.first().click();
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: "test-results/docs.png" });
    const foreign = requested.filter((url) => !url.startsWith(h.url) && !url.startsWith("data:"));
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);

  it("follows a dark system theme", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: "dark" });
    await page.goto(`${h.url}/docs`);
    await page.waitForSelector(".opblock-tag", { timeout: 60_000 });
    await page.locator(".opblock-tag").first().click();
    mkdirSync("test-results", { recursive: true });
    await page.screenshot({ path: "test-results/docs-dark.png" });
    // Drawn inverted, hues turned back (the screenshot shows it); in a light theme, as Swagger UI draws it.
    expect(await page.evaluate(() => getComputedStyle(document.body).filter)).toBe("invert(0.9) hue-rotate(180deg)");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await page.evaluate(() => getComputedStyle(document.body).filter)).toBe("none");
    await page.close();
  }, 90_000);
});
