import { describe, expect, it } from "vitest";
import { useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// A portal whose address changed, as a reader meets it: an old address pasted into Chromium lands
// on the same page at the new one, and a sign-in link mailed before the change still signs in.

const smtp = useSmtp();
const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe("a portal that moved, in Chromium", () => {
  it("takes an old address, pasted, to the same page at the new one", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Export to PDF" } })).body;
    const [old, now] = [ws.slug, `${ws.slug}-moved`];
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { slug: now } })).status).toBe(200);

    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${old}/posts/${post.id}?lang=de`);
    await expect.poll(() => page.url()).toBe(`${h.url}/p/${now}/posts/${post.id}?lang=de`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Export to PDF" }).isVisible()).toBe(true);
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("de");
    // Its links are the new address's.
    expect(await page.getByRole("link", { name: ws.row.name }).first().getAttribute("href")).toBe(`/p/${now}`);
    await everyView(page, "portal-moved-post");
    await context.close();
  });

  it("signs in by a link mailed before the portal moved, landing at the new address", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body;
    const old = ws.slug;
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${h.url}/p/${old}/sign-in?redirect=/p/${old}/posts/${post.id}`);
    const byEmail = page.getByRole("region", { name: "Sign in by email" });
    await byEmail.getByLabel("Your email").fill("moved@people.test");
    await byEmail.getByRole("button", { name: "Mail me a link" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your inbox" }).isVisible()).toBe(true);
    const link = linkIn((await smtp.mailTo("moved@people.test")).text);
    expect(link).toContain(`/p/${old}/sign-in/email/`);

    const now = `${old}-moved`;
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { slug: now } })).status).toBe(200);
    await page.goto(link);
    await expect.poll(() => page.url()).toBe(link.replace(`/p/${old}/`, `/p/${now}/`));
    await expect.poll(() => page.getByRole("heading", { name: "Sign in as moved@people.test?" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.url()).toBe(`${h.url}/p/${now}/posts/${post.id}`);
    await expect.poll(() => page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    await everyView(page, "portal-moved-signed-in");
    await context.close();
  });
});
