import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { expectAccessible, screenshot } from "./browser.js";
import type { Harness, TestWorkspace } from "./harness.js";
import { makeMembers } from "./members.js";
import { PASSWORD } from "./sessions.js";

// The dashboard in Chromium as a team member uses it: a browser context of their own, signed in
// through the real sign-in route, and every page checked in the four ways a person may see it.

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors: a CSP violation, a script error, a missing file. */
  problems: string[];
  /** The refusals (4xx) the console logged: a page's expected states (signed out, none set up) log none. */
  refusals: string[];
}

/**
 * Console messages a test expects: the refusals a page shows the person (400 to 429), and
 * Chromium's note that it ignores Cross-Origin-Opener-Policy on a plain-http test host (a real
 * deployment serves https, where the header applies).
 */
const EXPECTED_REFUSAL = /status of 4(00|01|03|04|09|22|29) |^The Cross-Origin-Opener-Policy header has been ignored/;

export async function newPage(browser: Browser, options: { width?: number; dark?: boolean } = {}): Promise<DashboardPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.dark ? "dark" : "light",
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (!EXPECTED_REFUSAL.test(message.text())) problems.push(message.text());
    else if (/status of 4/.test(message.text())) refusals.push(`${message.location().url}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { context, page, problems, refusals };
}

export interface SignedInPage extends DashboardPage {
  memberId: string;
  email: string;
}

/**
 * A new member of `ws` with this role, signed in through `POST /v1/auth/sign-in` in a browser
 * context of its own (so two members never share a cookie), on the dashboard's page `path`.
 */
export async function signedInPage(
  browser: Browser,
  h: Harness,
  ws: TestWorkspace,
  role: "owner" | "admin" | "member",
  path = "/app",
  options: { width?: number; dark?: boolean } = {},
): Promise<SignedInPage> {
  const [memberId] = await makeMembers(h.database.db, ws.id, [role], PASSWORD);
  const email = `${memberId}@example.com`;
  const opened = await newPage(browser, options);
  const res = await opened.context.request.post(`${h.url}/v1/auth/sign-in`, { data: { email, password: PASSWORD }, headers: { origin: h.url } });
  expect(res.status()).toBe(200);
  await opened.page.goto(`${h.url}${path}`);
  return { ...opened, memberId: memberId!, email };
}

/**
 * The page as it is now, at desktop and 375 px wide, light and dark: checked by axe-core each
 * time and photographed as test-results/<name>-{desktop,375}-{light,dark}.png. The page is left
 * as it was found (desktop, light).
 */
export async function everyView(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, label] of [
    [1280, "desktop"],
    [375, "375"],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `${name}, ${label}, ${scheme}`);
      // Nothing may be wider than a phone's screen: the page scrolls down, never sideways.
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits 375 px`).toBeLessThanOrEqual(375);
      await screenshot(page, `${name}-${label}-${scheme}`);
    }
  }
  await page.setViewportSize(original);
  await page.emulateMedia({ colorScheme: "light" });
}
