import { describe, expect, it } from "vitest";
import { notificationPass } from "../../index.js";
import { expectAccessible, expectMailReadable, screenshot, useChromium } from "../../../../../test/support/browser.js";
import { useHarness } from "../../../../../test/support/harness.js";
import { useSmtp } from "../../../../../test/support/smtp.js";

// The "shipped" mail, as the SMTP server received it: it names each idea of the reader's that the
// entry ships, quotes the entry's first lines with their markdown rendered, and its button opens the
// entry's own page on the portal. Read at 375 px and on a desktop, and photographed.

const smtp = useSmtp();
const h = useHarness({ smtpUrl: () => smtp.url, publicUrlIsServed: true });
const chromium = useChromium();

describe("the shipped mail", () => {
  it("names the reader's ideas, quotes the entry's first lines, and links to the entry's page", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const call = async (method: string, path: string, json?: unknown) =>
      (await h.call(method, `/v1${path}`, json === undefined ? { key } : { key, json })).body;
    const address = `ada-${ws.slug}@people.test`;
    const ada = (await call("POST", "/users", { externalId: "ada", email: address, name: "Ada" })).id;
    const boardId = await ws.boardId();
    const idea = async (title: string, voters: string[]) => {
      const id = (await call("POST", "/posts", { boardId, title })).id as string;
      for (const userId of voters) await call("POST", `/posts/${id}/votes`, { userId });
      return id;
    };
    const excel = await idea("Export every report to Excel with the filters as they are", [ada]);
    const pdf = await idea("PDF export", [ada]);
    const other = await idea("Scheduled exports by mail", []);
    const entry = await call("POST", "/changelog", {
      title: "Exports, reworked",
      type: "improved",
      body: `**Every report exports** to Excel and PDF, with [your filters](https://example.com/docs/exports) as you set them.\n\n- Excel (.xlsx)\n- PDF\n\n${"The rest of the story, told at length. ".repeat(20)}`,
      postIds: [excel, pdf, other],
    });
    await call("POST", `/changelog/${entry.id}/publish`, { notify: true });
    await notificationPass(h.services, { windowSeconds: 0, concurrency: 1, pollMs: 0 });
    const mail = await smtp.mailTo(address);
    const entryUrl = `${h.url}/p/${ws.slug}/changelog/${entry.id}`;
    expect(mail.subject).toBe("Ideas you follow are in: Exports, reworked");
    // The text part reads as plain words, its ideas listed with their links.
    expect(mail.text).toContain(`- PDF export: ${h.url}/p/${ws.slug}/posts/${pdf}`);
    expect(mail.text).toContain("> Every report exports to Excel and PDF");
    expect(mail.text).not.toContain("Scheduled exports by mail");
    expect(mail.text).not.toContain("told at length");

    await expectMailReadable(chromium.browser, mail.html, "shipped", async (page) => {
      expect(await page.locator("li a").allTextContents()).toEqual(["Export every report to Excel with the filters as they are", "PDF export"]);
      expect(await page.locator("strong").first().textContent()).toBe("Every report exports");
      expect(await page.getByRole("link", { name: "Read what changed" }).getAttribute("href")).toBe(entryUrl);
    });

    // Where the button leads: the entry's own page, at both widths.
    const context = await chromium.browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const response = await page.goto(entryUrl);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Exports, reworked");
    expect(await page.getByRole("link", { name: "PDF export" }).getAttribute("href")).toBe(`/p/${ws.slug}/posts/${pdf}`);
    await expectAccessible(page, "changelog entry, 375");
    await screenshot(page, "portal-changelog-entry-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, "changelog entry, desktop");
    await screenshot(page, "portal-changelog-entry-desktop");
    // A draft, or no entry at all: not found.
    const draft = await call("POST", "/changelog", { title: "Not yet", type: "new" });
    expect((await page.goto(`${h.url}/p/${ws.slug}/changelog/${draft.id}`))?.status()).toBe(404);
    expect((await page.goto(`${h.url}/p/${ws.slug}/changelog/nonsense`))?.status()).toBe(404);
    await context.close();
  });
});
