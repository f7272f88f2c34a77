import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker } from "../../server/src/start/workers.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// The changelog (/app/changelog) in Chromium, with the server's real scheduler running: an entry
// written with a linked post, scheduled a few seconds ahead, seen turning published on the page,
// then unpublished and deleted.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
let stopJobs: () => Promise<void>;
beforeAll(() => {
  stopJobs = startWorker("changelog scheduler", { services: h.services, config: { schedulerIntervalMs: 250 } });
});
afterAll(() => stopJobs?.());

describe("the changelog", () => {
  it("writes an entry, schedules it a few seconds ahead, watches it publish, marks its post Complete, unpublishes and deletes it", {
    timeout: 90_000,
  }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Export to CSV" } })).body.id;
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/changelog");
    await expect.poll(() => page.getByRole("heading", { name: "No entries yet" }).isVisible()).toBe(true);
    await everyView(page, "changelog-empty");

    await page.getByRole("link", { name: "New entry" }).click();
    await page.getByLabel("Title").fill("CSV exports");
    await page.getByLabel("Type").selectOption("new");
    await page.getByLabel("Text", { exact: true }).fill("Every list exports to **CSV**.");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect.poll(() => page.locator(".preview strong").textContent()).toBe("CSV");
    await page.getByLabel("Find a post to link").fill("csv");
    await page.getByRole("button", { name: "Link Export to CSV" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Linked posts" }).textContent()).toContain("Export to CSV");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "CSV exports", level: 1 }).isVisible()).toBe(true);
    const state = page.locator(".panel .entry-state");
    expect(await state.getAttribute("data-state")).toBe("draft");
    const entryId = new URL(page.url()).pathname.split("/").pop()!;
    const stored = await h.call("GET", `/v1/changelog/${entryId}`, { key });
    expect(stored.body).toMatchObject({ title: "CSV exports", state: "draft", postIds: [postId], body: "Every list exports to **CSV**." });
    await everyView(page, "changelog-entry");

    // Four seconds ahead, typed as the reader's wall-clock time (the page shows the zone).
    expect(await page.getByText(/^Your time zone: /).textContent()).toMatch(/Your time zone: \S+/);
    const soon = await page.evaluate(() => {
      const at = new Date(Date.now() + 4000);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    });
    await page.getByLabel("Publish at").fill(soon);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect.poll(() => state.getAttribute("data-state")).toBe("scheduled");
    expect(await state.textContent()).toContain("Scheduled for");
    await everyView(page, "changelog-scheduled");
    await expect.poll(() => state.getAttribute("data-state"), { timeout: 15_000 }).toBe("published");
    expect((await h.call("GET", "/v1/portal/changelog", { headers: ws.customer() })).body.data.map((e: { title: string }) => e.title)).toEqual(["CSV exports"]);

    // Published: the post it announces has shipped, and one click says so.
    const ship = page.getByRole("button", { name: "Mark it Complete" });
    await expect.poll(() => ship.isVisible()).toBe(true);
    expect(await page.getByRole("region", { name: "Shipped posts" }).textContent()).toContain("“Export to CSV”");
    await everyView(page, "changelog-published-ship");
    await ship.click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Marked 1 post Complete." }).isVisible()).toBe(true);
    const shipped = (await h.call("GET", `/v1/posts/${postId}`, { key })).body;
    expect(shipped).toMatchObject({ title: "Export to CSV", status: { name: "Complete" }, tags: [], ownerId: null });
    // The entry itself is as it was: published, announcing the post.
    expect((await h.call("GET", `/v1/changelog/${entryId}`, { key })).body).toMatchObject({ state: "published", postIds: [postId], title: "CSV exports" });
    // After a reload the offer is gone: nothing is left to mark.
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: "CSV exports", level: 1 }).isVisible()).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("region", { name: "Shipped posts" }).count()).toBe(0);

    await page.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Unpublish" }).click();
    await expect.poll(() => state.getAttribute("data-state")).toBe("draft");
    expect((await h.call("GET", "/v1/portal/changelog", { headers: ws.customer() })).body.data).toEqual([]);

    await page.getByRole("link", { name: "Changelog" }).first().click();
    await page.getByRole("button", { name: "Drafts" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Entries" }).textContent()).toContain("CSV exports");
    await everyView(page, "changelog");
    await page.getByRole("link", { name: "CSV exports" }).click();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete the entry" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "No entries yet" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the title's error in place", async () => {
    const ws = await h.workspace();
    const { context, page } = await signedInPage(chromium.browser, h, ws, "member", "/app/changelog/new");
    await page.getByLabel("Title").fill("   ");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => page.getByLabel("Title").getAttribute("aria-invalid")).toBe("true");
    await context.close();
  });
});
