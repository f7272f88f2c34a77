import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, screenshot, useChromium } from "../../../../../test/support/browser.js";
import { everyView } from "../../../../../test/support/dashboard.js";
import { useHarness } from "../../../../../test/support/harness.js";

// The portal's roadmap in Chromium: the team's columns side by side at 1280 px, all of them above
// the fold (sharing the width, or scrolling sideways inside the board when there are more than fit),
// never wrapping below it; stacked at 375 px; in Arabic, right to left; axe and screenshots at both
// widths, light and dark.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

type Status = { id: string; name: string };

/** Each column's heading box, and how wide the board and the page are. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const board = document.querySelector(".roadmap")!;
    return {
      columns: [...document.querySelectorAll(".column")].map((column) => {
        const box = column.getBoundingClientRect();
        return { name: column.querySelector("h2")!.textContent, top: Math.round(box.top), left: box.left, right: box.right, width: box.width };
      }),
      board: { clientWidth: board.clientWidth, scrollWidth: board.scrollWidth },
      page: document.documentElement.scrollWidth,
    };
  });
}

describe("the portal's roadmap", () => {
  it("fits the team's columns side by side above the fold at 1280 px and stacks them at 375 px", { timeout: 180_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const made = async (name: string, category: string) => (await h.call("POST", "/v1/statuses", { key, json: { name, category } })).body as Status;
    const beta = await made("Beta", "active");
    const shipped = await made("Shipped", "complete");
    const statuses: Status[] = (await h.call("GET", "/v1/statuses", { key })).body.data;
    const id = (name: string) => statuses.find((s) => s.name === name)!.id;
    const order = ["Open", "Under review", "Planned", "In progress", "Beta", "Complete", "Shipped", "Closed"].map(id);
    expect((await h.call("POST", "/v1/statuses/reorder", { key, json: { ids: order } })).status).toBe(200);
    const titles = [
      "Dark mode for the whole dashboard, including the charts",
      "Export every report to Excel (.xlsx) with the filters applied",
      "Single sign-on with Okta",
      "Webhooks for every change",
      "Keyboard shortcuts",
    ];
    for (const [i, name] of ["Under review", "Planned", "In progress", "Beta", "Complete", "Shipped"].entries()) {
      for (const title of titles.slice(0, 2 + (i % 3))) {
        await h.call("POST", "/v1/posts", { key, json: { boardId, title: `${title} (${name})`, statusId: id(name) } });
      }
    }
    expect(beta.id && shipped.id).toBeTruthy();

    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const roadmap = `${h.url}/p/${ws.slug}/roadmap`;
    await page.goto(roadmap);
    const six = await layout(page);
    expect(six.columns.map((c) => c.name)).toEqual(["Under review", "Planned", "In progress", "Beta", "Complete", "Shipped"]);
    // One row, above the fold, inside the page: nothing wraps below, nothing scrolls sideways.
    expect(new Set(six.columns.map((c) => c.top)).size).toBe(1);
    expect(six.columns[0]!.top).toBeLessThan(800 - 100);
    for (const column of six.columns) {
      expect(column.right, column.name!).toBeLessThanOrEqual(1280);
      expect(column.width, column.name!).toBeGreaterThan(150);
    }
    expect(six.board.scrollWidth).toBeLessThanOrEqual(six.board.clientWidth);
    expect(six.page).toBeLessThanOrEqual(1280);
    await everyView(page, "portal-roadmap-six");

    // At 375 px they stack, each the page's width, in the team's order.
    await page.setViewportSize({ width: 375, height: 800 });
    const phone = await layout(page);
    expect(phone.columns.map((c) => c.name)).toEqual(six.columns.map((c) => c.name));
    for (let i = 1; i < phone.columns.length; i++) expect(phone.columns[i]!.top).toBeGreaterThan(phone.columns[i - 1]!.top);
    expect(phone.page).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Eight columns are more than fit: they stay in one row and the board scrolls sideways, by
    // keyboard too (the board takes focus), while the page itself does not.
    for (const name of ["Open", "Closed"]) await h.call("PATCH", `/v1/statuses/${id(name)}`, { key, json: { onRoadmap: true } });
    await page.goto(roadmap);
    const eight = await layout(page);
    expect(eight.columns).toHaveLength(8);
    expect(new Set(eight.columns.map((c) => c.top)).size).toBe(1);
    expect(eight.board.scrollWidth).toBeGreaterThan(eight.board.clientWidth);
    expect(eight.page).toBeLessThanOrEqual(1280);
    const board = page.getByRole("region", { name: "Roadmap" });
    await board.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => board.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await everyView(page, "portal-roadmap-eight");

    // Right to left in Arabic: the first column on the right, the names in Arabic.
    for (const name of ["Open", "Closed"]) await h.call("PATCH", `/v1/statuses/${id(name)}`, { key, json: { onRoadmap: false } });
    await page.goto(`${roadmap}?lang=ar`);
    const arabic = await layout(page);
    expect(arabic.columns.map((c) => c.name)).toEqual(["قيد المراجعة", "مخطط له", "قيد التنفيذ", "Beta", "مكتمل", "Shipped"]);
    expect(new Set(arabic.columns.map((c) => c.top)).size).toBe(1);
    expect(arabic.columns[0]!.left).toBeGreaterThan(arabic.columns[1]!.left);
    expect(arabic.page).toBeLessThanOrEqual(1280);
    await expectAccessible(page, "roadmap in Arabic");
    await screenshot(page, "portal-roadmap-ar-desktop-light");
    await context.close();
  });
});
