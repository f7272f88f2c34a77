import { chromium } from "playwright-core";

// The dashboard's inbox as a person meets it on the bench's 100k-post workspace, in Debian's
// Chromium: milliseconds from navigation to the first page of posts on screen (cold, then warm
// with the hashed assets cached). The bytes of that first load are wire.ts's.

export interface DashboardFigures {
  coldMs: number;
  warmMs: number[];
}

// Installed before any page script: the time (since navigation start) of the first frame drawn
// after the first post row entered the document.
const RECORD_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (!document.querySelector(".post-row")) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.__firstRowMs = performance.now(); }));
  }).observe(document, { childList: true, subtree: true });
`;

export async function measureDashboard(url: string, email: string, password: string, runs = 5): Promise<DashboardFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const signIn = await context.request.post(`${url}/v1/auth/sign-in`, { data: { email, password }, headers: { origin: url } });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}`);
    await context.addInitScript(RECORD_FIRST_ROW);
    const page = await context.newPage();
    const timeOnce = async () => {
      await page.goto(`${url}/app/posts?sort=votes`);
      await page.waitForFunction(() => (window as unknown as { __firstRowMs?: number }).__firstRowMs !== undefined, undefined, { timeout: 30_000 });
      return Math.round(await page.evaluate(() => (window as unknown as { __firstRowMs: number }).__firstRowMs));
    };
    const coldMs = await timeOnce();
    const warmMs: number[] = [];
    for (let i = 0; i < runs; i++) warmMs.push(await timeOnce());
    await context.close();
    return { coldMs, warmMs };
  } finally {
    await browser.close();
  }
}
