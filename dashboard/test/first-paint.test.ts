import { describe, expect, it } from "vitest";
import { screenshot, useChromium } from "../../server/test/support/browser.js";
import { signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// The dashboard's first load: the page's frame paints from the HTML itself, before any script has
// run, instead of a blank page until the application has loaded and asked who is signed in.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the dashboard's first load", () => {
  it("paints the frame from the HTML, with scripts off, and the application takes its place", async () => {
    const context = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/app/`);
    expect(await page.getByRole("banner").textContent()).toContain("Heed");
    expect(await page.getByRole("status").textContent()).toBe("Loading…");
    await screenshot(page, "dashboard-first-paint-375");
    await context.close();

    const ws = await h.workspace();
    const signedIn = await signedInPage(chromium.browser, h, ws, "member", "/app/");
    await expect.poll(() => signedIn.page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    const paint = await signedIn.page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
    const ready = await signedIn.page.evaluate(() => performance.now());
    // What a person waited for, in the test's log (docs/PERFORMANCE.md has the figures).
    process.stdout.write(`dashboard first contentful paint: ${Math.round(paint ?? -1)} ms; navigation shown by ${Math.round(ready)} ms\n`);
    expect(paint).not.toBeNull();
    expect(signedIn.problems).toEqual([]);
    await signedIn.context.close();
  });
});
