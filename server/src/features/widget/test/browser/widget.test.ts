import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { userHash } from "../../../customers/identity-proof.js";
import { screenshot, useChromium } from "../../../../../test/support/browser.js";
import { translator } from "../../../../platform/i18n/translator.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { identityJwt } from "../../../../../test/support/jwt.js";

// The widget on a customer's page, served from another origin (another port) as a customer's app
// would serve it: identify with a userHash, track events, open the portal in the panel signed in,
// post an idea and vote there. A page whose origin the workspace does not allow is refused, and
// the widget says so in the console without breaking the page.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** A customer's page on its own port, with hostile CSS that must not reach the widget. */
async function customerPage(publicKey: string, widgetQuery = ""): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Acme app</title>
<style>button { background: red !important; font-size: 40px !important; } iframe { display: none !important; }</style></head>
<body><main><h1>Acme app</h1><button id="own" type="button">Our own button</button><p id="clicked"></p></main>
<script>document.getElementById("own").addEventListener("click", () => { document.getElementById("clicked").textContent = "still works"; });</script>
<script src="${h.url}/widget.js${widgetQuery}" data-public-key="${publicKey}" data-launcher="Feedback" async></script></body></html>`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the widget", () => {
  it("identifies, tracks, shows what is new, and opens the portal signed in, on an allowed origin", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const origin = await customerPage(ws.row.public_key);
    await h.call("PATCH", "/v1/workspace", { key, json: { allowedOrigins: [origin], identityVerification: true, portalAccentColor: "#0f766e" } });
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const boardId = await ws.boardId();
    const other = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Dark mode" } })).body.id as string;
    const entry = (await h.call("POST", "/v1/changelog", { key, json: { title: "CSV exports", type: "new" } })).body.id;
    await h.call("POST", `/v1/changelog/${entry}/publish`, { key, json: {} });

    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(origin);
    await page.waitForFunction(() => "Heed" in window);
    const identified = await page.evaluate(
      (hash) =>
        (window as unknown as { Heed: { identify(i: unknown): Promise<boolean> } }).Heed.identify({
          userId: "ada",
          name: "Ada Lovelace",
          email: "ada@acme.example",
          userHash: hash,
        }),
      userHash(secret, "ada"),
    );
    expect(identified).toBe(true);
    await page.evaluate(async () => {
      const heed = (window as unknown as { Heed: { track(e: string, p?: object): void; flush(): Promise<void> } }).Heed;
      heed.track("report.exported", { format: "csv" });
      heed.track("report.exported", { format: "xlsx" });
      heed.track("signed_in");
      await heed.flush();
    });
    const user = (await h.call("GET", "/v1/users?q=ada@acme", { key })).body.data[0];
    const events = (await h.call("GET", `/v1/users/${user.id}/events`, { key })).body.data as { event: string; properties: object }[];
    expect(events.map((e) => e.event).sort()).toEqual(["report.exported", "report.exported", "signed_in"]);

    // The launcher, with one changelog entry not seen yet, and a badge that says what it counts;
    // the host's CSS does not reach it.
    const launcher = page.getByRole("button", { name: "Feedback 1 new in the changelog" });
    await expect.poll(() => launcher.isVisible()).toBe(true);
    // Seen: "1 new"; "in the changelog" is for screen readers only (clipped to a pixel).
    expect(await launcher.evaluate((el) => el.querySelector(".badge")?.firstChild?.textContent)).toBe("1 new");
    expect(await launcher.evaluate((el) => el.querySelector(".unseen")!.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    expect(await launcher.evaluate((el) => getComputedStyle(el).fontSize)).toBe("15px");
    // In the workspace's accent, with the text that reads on it.
    await expect.poll(() => launcher.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(15, 118, 110)");
    expect(await launcher.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 255, 255)");
    await everyView(page, "widget-launcher");

    // The launcher opens on the form for a new idea, whatever the badge says; the portal's own
    // header is left out (the panel's tabs stand in for it).
    await launcher.click();
    const panel = page.getByRole("dialog", { name: "Feedback" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    const tab = (name: string) => panel.getByRole("tab", { name });
    expect(await tab("New idea").getAttribute("aria-selected")).toBe("true");
    const portal = page.frameLocator("iframe[title=Feedback]");
    const title = portal.getByLabel("Your idea, in a few words");
    await expect.poll(() => title.isVisible()).toBe(true);
    expect(await portal.locator("header.top").isVisible()).toBe(false);
    // Ideas like the one being typed are listed, to vote for instead.
    await title.fill("Dark mode");
    await expect.poll(() => portal.locator(".similar").textContent(), { timeout: 10_000 }).toContain("Dark mode");
    await title.fill("Audit log export");
    await portal.getByRole("button", { name: "Post the idea" }).click();
    await expect.poll(() => portal.getByRole("heading", { level: 1 }).textContent()).toBe("Audit log export");
    await everyView(page, "widget-panel");
    // One tab stop for the tabs (the selected one), and Tab never leaves the open panel for the page.
    expect(await panel.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => t.getAttribute("tabindex")))).toEqual(["0", "-1", "-1", "-1"]);
    await tab("New idea").focus();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
      expect(await page.evaluate(() => document.activeElement?.tagName), `after ${i + 1} presses`).toBe("HEED-WIDGET");
    }
    const posted = (await h.call("GET", "/v1/posts?q=audit", { key })).body.data[0];
    expect(posted.author).toMatchObject({ id: user.id });

    // The ideas are one tab away, by click or by the arrow keys.
    await tab("New idea").focus();
    await page.keyboard.press("ArrowRight");
    expect(await tab("Ideas").getAttribute("aria-selected")).toBe("true");
    await portal.locator(`form[action$="/posts/${other}/vote"] button`).click();
    await expect.poll(async () => (await h.call("GET", `/v1/posts/${other}`, { key })).body.voteCount).toBe(1);

    // Escape closes the panel and gives the launcher its focus back.
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count()).toBe(0);
    expect(await launcher.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    // The Changelog tab shows the news and marks it seen: the badge goes.
    await page.keyboard.press("Enter");
    await tab("Changelog").click();
    await expect.poll(() => portal.getByRole("heading", { level: 2, name: "CSV exports" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Feedback", exact: true }).count()).toBe(1);
    await everyView(page, "widget-changelog");
    await panel.getByRole("button", { name: "Close" }).click();
    expect(await page.getByRole("button", { name: "Feedback", exact: true }).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("speaks the language its address names, in its tabs and in its panel, within a phone's width", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const language of ["fr", "ar", "de"] as const) {
      const { t } = translator(language);
      const origin = await customerPage(ws.row.public_key, `?lang=${language}`);
      await h.call("PATCH", "/v1/workspace", { key, json: { allowedOrigins: [origin] } });
      const context = await chromium.browser.newContext({ viewport: { width: 375, height: 740 }, locale: "en-US" });
      const page = await context.newPage();
      await page.goto(origin);
      await page.getByRole("button", { name: "Feedback" }).click();
      const panel = page.getByRole("dialog", { name: t("widget.panel") });
      await expect.poll(() => panel.isVisible()).toBe(true);
      for (const name of ["feedback", "ideas", "roadmap", "changelog"] as const) {
        expect(await panel.getByRole("tab", { name: t(`widget.tab.${name}`) }).isVisible(), `${language} ${name}`).toBe(true);
      }
      // The four tabs fit side by side, and the panel's page speaks the same language.
      const tabs = panel.getByRole("tablist");
      expect(await tabs.evaluate((el) => el.scrollWidth <= el.clientWidth), `${language} tabs fit`).toBe(true);
      const portal = page.frameLocator("iframe");
      await expect.poll(() => portal.locator("html").getAttribute("lang")).toBe(language);
      await expect.poll(() => portal.getByRole("heading", { level: 1 }).textContent()).toBe(t("submit.title", { board: "Feature requests" }));
      await screenshot(page, `widget-panel-${language}-375`);
      await context.close();
    }
  });

  it("is refused on an origin the workspace does not allow, and says so without breaking the page", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const origin = await customerPage(ws.row.public_key);
    await h.call("PATCH", "/v1/workspace", { key, json: { allowedOrigins: ["https://app.elsewhere.example"] } });
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(origin);
    await page.waitForFunction(() => "Heed" in window);
    const identified = await page.evaluate(() => (window as unknown as { Heed: { identify(i: unknown): Promise<boolean> } }).Heed.identify({ userId: "eve" }));
    expect(identified).toBe(false);
    await expect.poll(() => warnings.some((w) => w.startsWith("Heed:"))).toBe(true);
    await page.getByRole("button", { name: "Our own button" }).click();
    expect(await page.locator("#clicked").textContent()).toBe("still works");
    expect(problems).toEqual([]);
    expect((await h.call("GET", "/v1/users?q=eve", { key })).body.data).toEqual([]);
    await context.close();
  });

  it("carries no proof of its own: on a new workspace an unsigned identify is refused, saying how to sign; a signed JWT works", {
    timeout: 60_000,
  }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const origin = await customerPage(ws.row.public_key);
    await h.call("PATCH", "/v1/workspace", { key, json: { allowedOrigins: [origin] } });
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    const warnings: string[] = [];
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(origin);
    await page.waitForFunction(() => "Heed" in window);
    type Identify = { Heed: { identify(i: unknown): Promise<boolean> } };
    const unsigned = await page.evaluate(() => (window as unknown as Identify).Heed.identify({ userId: "eve", name: "Eve" }));
    expect(unsigned).toBe(false);
    await expect.poll(() => warnings.find((w) => w.startsWith("Heed: /identify answered 401"))).toContain("HMAC-SHA256");
    expect((await h.call("GET", "/v1/users?q=eve", { key })).body.data).toEqual([]);

    // The customer's server mints the JWT and the page hands it over.
    const token = identityJwt(secret, { id: "grace", name: "Grace Hopper" });
    const signed = await page.evaluate((jwt) => (window as unknown as Identify).Heed.identify({ token: jwt }), token);
    expect(signed).toBe(true);
    expect((await h.call("GET", "/v1/users?q=Grace", { key })).body.data).toEqual([expect.objectContaining({ externalId: "grace" })]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
