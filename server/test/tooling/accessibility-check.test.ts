import { describe, expect, it } from "vitest";
import { expectAccessible, useChromium } from "../support/browser.js";

// The page tests' accessibility check (support/browser.ts) runs axe-core in the page itself and
// keeps it loaded between checks. Held here to fail where it must: on the first check of a page,
// on a later check of the same page once it changed, and in a frame of another origin.

const chromium = useChromium();

/** What the check found: the rule ids of its serious violations, from the failed assertion. */
async function refused(check: Promise<void>): Promise<string> {
  const error = await check.then(
    () => undefined,
    (caught: { actual?: unknown }) => caught,
  );
  expect(error, "the check passed").toBeDefined();
  return JSON.stringify(error!.actual);
}

const FINE = `<!doctype html><html lang="en"><head><title>Fine</title></head><body><main><h1>Fine</h1><p>Readable.</p></main></body></html>`;

describe("the accessibility check of the page tests", () => {
  it("passes a sound page and fails one with a serious violation, also on a later check of the same page", async () => {
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await page.setContent(FINE);
    await expectAccessible(page, "sound");
    // The same document, changed: axe is already loaded and must look again.
    await page.evaluate(() => {
      const image = document.createElement("img");
      image.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
      document.querySelector("main")!.append(image);
    });
    expect(await refused(expectAccessible(page, "an image without a text alternative"))).toMatch(/image-alt/);
    await page.setContent(FINE.replace("<p>Readable.</p>", `<p style="color:#eee;background:#fff">Faint.</p>`));
    expect(await refused(expectAccessible(page, "faint text"))).toMatch(/color-contrast/);
    await context.close();
  });

  it("looks inside a frame from another origin", async () => {
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    const framed = `<!doctype html><html lang="en"><head><title>Inner</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>`;
    await page.setContent(FINE.replace("<p>Readable.</p>", `<iframe title="Inner" src="data:text/html,${encodeURIComponent(framed)}"></iframe>`));
    await expect.poll(() => page.frames().length).toBe(2);
    expect(await refused(expectAccessible(page, "an image without a text alternative, in a frame"))).toMatch(/image-alt/);
    await context.close();
  });
});
