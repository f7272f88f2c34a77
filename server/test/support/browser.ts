import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import axe from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

// Debian's Chromium for the page tests (never a downloaded browser), axe-core for accessibility,
// and screenshots under test-results/ for a person to look at.

/** `extraArgs`, e.g. `--host-resolver-rules=MAP heed.test:80 127.0.0.1:<port>` to serve a public URL's host. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

/**
 * Chromium for one test file: launched before its tests (after the harness has started, so that
 * `extraArgs` may name its port), closed after them.
 */
export function useChromium(extraArgs: () => string[] = () => []): { readonly browser: Browser } {
  const holder = {} as { browser: Browser };
  beforeAll(async () => {
    holder.browser = await launchChromium(extraArgs());
  });
  afterAll(async () => {
    await holder.browser?.close();
  });
  return holder;
}

/**
 * axe-core's source, run only in a document that does not have it yet: a dashboard page keeps it
 * between its checks instead of evaluating half a megabyte of script before each one.
 */
const AXE_ONCE = `if (typeof window.axe === "undefined") {\n${axe.source}\n}`;

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE });
  // A page of one frame is checked by axe.run in the page itself. AxeBuilder's default, kept for a
  // page with frames (the widget inside a customer's page, from another origin), runs axe in each
  // frame and joins the results in a blank page it opens for the purpose: twice the time.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
  expect(serious, label).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync("test-results", { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/**
 * A mail's HTML as a phone's mail app lays it out (375 px, `isMobile`: without a viewport the page
 * would be laid out 980 px wide and shrunk) and as a desktop's: at the screen's width, nothing
 * wider, checked by axe-core, and photographed as test-results/mail-<name>-{375,desktop}.png.
 * `check` runs on each page too.
 */
export async function expectMailReadable(browser: Browser, html: string, name: string, check: (page: Page) => Promise<void> = async () => {}): Promise<void> {
  for (const [label, options] of [
    ["375", { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true }],
    ["desktop", { viewport: { width: 1280, height: 800 } }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.setContent(html);
    const width = options.viewport.width;
    expect(await page.evaluate(() => window.innerWidth), `${name}, ${label}: laid out at the screen's width`).toBe(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}, ${label}: nothing wider than the screen`).toBeLessThanOrEqual(width);
    await check(page);
    await expectAccessible(page, `${name} mail, ${label}`);
    await screenshot(page, `mail-${name}-${label}`);
    await context.close();
  }
}
