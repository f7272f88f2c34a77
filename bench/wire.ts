import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "playwright-core";

// What a person's browser receives, as it crossed the wire (compressed or not): Chromium's own
// count of each response's encoded body bytes, in a fresh context with an empty cache.
//   - the dashboard's first load: the sign-in page, signing in, then the inbox with its first posts;
//   - the widget's script, as a customer's page loads it;
//   - the API reference: /docs and the OpenAPI document it reads.

export interface WireFigures {
  dashboardScripts: { name: string; bytes: number; coding: string }[];
  dashboardAll: number;
  widget: { bytes: number; coding: string };
  openapi: { bytes: number; coding: string };
  docsAll: number;
}

interface Received {
  url: string;
  type: string;
  bytes: number;
  coding: string;
}

/** Every response the page receives, with its encoded body size, once finished. */
function recordWire(page: Page): { received: Received[]; settled: () => Promise<void> } {
  const received: Received[] = [];
  const pending: Promise<void>[] = [];
  page.on("requestfinished", (request) => {
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const coding = (await response?.headerValue("content-encoding")) ?? "identity";
        received.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize, coding });
      })(),
    );
  });
  return { received, settled: async () => void (await Promise.allSettled(pending)) };
}

async function dashboardFirstLoad(browser: Browser, url: string, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const wire = recordWire(page);
  await page.goto(`${url}/app/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/app/sign-in"), { timeout: 30_000 });
  await page.getByRole("link", { name: "Inbox", exact: true }).click();
  await page.locator(".post-row").first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await wire.settled();
  await context.close();
  const scripts = wire.received.filter((r) => r.type === "script");
  return {
    dashboardScripts: scripts.map((s) => ({ name: new URL(s.url).pathname.split("/").pop()!, bytes: s.bytes, coding: s.coding })),
    dashboardAll: wire.received.reduce((sum, r) => sum + r.bytes, 0),
  };
}

async function widgetLoad(browser: Browser, url: string) {
  // A customer's page on another origin (another port), loading the script as the embed snippet does.
  const shop = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html" }).end(`<!doctype html><title>Shop</title><script src="${url}/widget.js"></script>`);
  });
  await new Promise<void>((done) => shop.listen(0, "127.0.0.1", done));
  const context = await browser.newContext();
  const page = await context.newPage();
  const wire = recordWire(page);
  await page.goto(`http://127.0.0.1:${(shop.address() as AddressInfo).port}/`);
  await page.waitForLoadState("networkidle");
  await wire.settled();
  await context.close();
  shop.close();
  const script = wire.received.find((r) => r.url.endsWith("/widget.js"));
  if (!script) throw new Error("the widget's script was not loaded");
  return { bytes: script.bytes, coding: script.coding };
}

async function referenceLoad(browser: Browser, url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const wire = recordWire(page);
  const documentRead = page.waitForResponse((r) => r.url().endsWith("/openapi.json"), { timeout: 30_000 });
  await page.goto(`${url}/docs`);
  await documentRead;
  await page.waitForLoadState("networkidle");
  await wire.settled();
  await context.close();
  const document = wire.received.find((r) => r.url.endsWith("/openapi.json"));
  if (!document) throw new Error("/docs did not read the OpenAPI document");
  return { openapi: { bytes: document.bytes, coding: document.coding }, docsAll: wire.received.reduce((sum, r) => sum + r.bytes, 0) };
}

export async function measureWire(url: string, email: string, password: string): Promise<WireFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // Kept files are compressed in the background on their first request: ask once first, as any
    // earlier visitor would have.
    for (const path of ["/widget.js", "/openapi.json", "/docs/swagger-ui-bundle.js", "/docs/swagger-ui.css"]) {
      await fetch(`${url}${path}`, { headers: { "accept-encoding": "br" } }).then((r) => r.arrayBuffer());
    }
    await new Promise((done) => setTimeout(done, 3000));
    const dashboard = await dashboardFirstLoad(browser, url, email, password);
    const widget = await widgetLoad(browser, url);
    const reference = await referenceLoad(browser, url);
    return { ...dashboard, widget, ...reference };
  } finally {
    await browser.close();
  }
}

export function printWire(figures: WireFigures | Error): void {
  if (figures instanceof Error) {
    console.log(`Bytes on the wire: not measured (${figures.message})`);
    return;
  }
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const scripts = figures.dashboardScripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `Dashboard first load (sign-in, then the inbox): ${kb(scripts)} of JavaScript in ${figures.dashboardScripts.length} files (target ≤ 150 KB), ${kb(figures.dashboardAll)} in all`,
  );
  console.log(`  ${figures.dashboardScripts.map((s) => `${s.name} ${kb(s.bytes)} ${s.coding}`).join(", ")}`);
  console.log(`Widget script: ${kb(figures.widget.bytes)} ${figures.widget.coding} (target ≤ 3 KB)`);
  console.log(`OpenAPI document read by /docs: ${kb(figures.openapi.bytes)} ${figures.openapi.coding} (target ≤ 120 KB); /docs in all ${kb(figures.docsAll)}`);
}
