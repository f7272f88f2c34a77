import { describe, expect, it } from "vitest";
import { duplicateCheckPass } from "../../server/src/features/posts/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// The inbox's views in Chromium, as a member triages: New (a post leaves it once opened),
// Unanswered, Assigned to me, Stale and Possible duplicates, each one click (or Enter); a view of
// their own saved, kept across a reload, applied and removed; an empty queue said as good news.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the inbox's views", () => {
  it("triages with the built-in views, and saves a view of one's own", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const { userId } = await ws.identify("ann");
    const { context, page, problems, memberId } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    const post = async (title: string, extra: Record<string, unknown> = {}) =>
      (await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...extra } })).body.id as string;
    const fromCustomer = await post("Calendar sync with Outlook", { authorId: userId });
    await post("Audit log retention", { ownerId: memberId });
    const stale = await post("Custom domains for the portal");
    const answered = await post("Export invoices to CSV");
    await h.call("POST", `/v1/posts/${answered}/comments`, { key, json: { body: "On our list for March." } });
    await post("Dark mode in the iOS app");
    await post("iOS app dark mode");
    await duplicateCheckPass(h.services);
    const longAgo = new Date(Date.now() - 45 * 86_400_000).toISOString();
    await h.database.db.updateTable("posts").set({ last_activity_at: longAgo }).where("id", "=", stale).execute();

    const views = page.getByRole("navigation", { name: "Views" });
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    const titles = async () => (await rows.locator(".post-title a").allTextContents()).sort();
    await expect.poll(() => rows.count()).toBe(6);

    // Keyboard: the view is a button, Enter chooses it.
    await views.getByRole("button", { name: "New", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(titles).toEqual(["Calendar sync with Outlook"]);
    expect(await views.getByRole("button", { name: "New", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await everyView(page, "inbox-view-new");
    // Opened, it is seen: back in New, the queue is empty, said as good news.
    await rows.getByRole("link", { name: "Calendar sync with Outlook" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Calendar sync with Outlook", level: 1 }).isVisible()).toBe(true);
    await expect.poll(async () => (await h.call("GET", `/v1/posts/${fromCustomer}`, { key })).body.seenAt).not.toBeNull();
    await page.goBack();
    await expect.poll(() => page.getByRole("heading", { name: "Nothing new: the team has seen every post" }).isVisible()).toBe(true);
    await everyView(page, "inbox-view-caught-up");

    await views.getByRole("button", { name: "Unanswered" }).click();
    await expect.poll(() => rows.count()).toBe(5);
    expect(await titles()).not.toContain("Export invoices to CSV");
    await views.getByRole("button", { name: "Assigned to me" }).click();
    await expect.poll(titles).toEqual(["Audit log retention"]);
    expect(new URL(page.url()).searchParams.get("owner")).toBe("me");
    await views.getByRole("button", { name: "Stale" }).click();
    await expect.poll(titles).toEqual(["Custom domains for the portal"]);
    await views.getByRole("button", { name: "Possible duplicates" }).click();
    await expect.poll(titles).toEqual(["iOS app dark mode"]);
    await everyView(page, "inbox-view-duplicates");

    // A view of one's own: Unanswered, sorted by most votes.
    await views.getByRole("button", { name: "Unanswered" }).click();
    await page.getByLabel("Sort").selectOption("votes");
    await views.getByRole("button", { name: "Save this view" }).click();
    await page.getByLabel("Name of the view").fill("To answer, most wanted first");
    await everyView(page, "inbox-view-naming");
    await page.getByRole("button", { name: "Save view" }).click();
    const own = views.getByRole("button", { name: "To answer, most wanted first", exact: true });
    await expect.poll(() => own.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await views.getByRole("button", { name: "All" }).click();
    await expect.poll(() => rows.count()).toBe(6);
    await own.click();
    await expect.poll(() => rows.count()).toBe(5);
    expect(new URL(page.url()).searchParams.get("sort")).toBe("votes");
    expect(await own.getAttribute("aria-pressed")).toBe("true");
    // One view is current: the saved one, not the built-in it refines.
    expect(await views.getByRole("button", { name: "Unanswered" }).getAttribute("aria-pressed")).toBe("false");
    await everyView(page, "inbox-view-saved");
    expect((await h.call("GET", "/v1/saved-views", { key })).body.data).toEqual([]);
    await views.getByRole("button", { name: "Remove the view To answer, most wanted first" }).click();
    await expect.poll(() => own.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says what each view's emptiness means, not that the workspace has no posts", async () => {
    const ws = await h.workspace();
    await h.call("POST", "/v1/posts", { key: await ws.key(), json: { boardId: await ws.boardId(), title: "Seen and answered elsewhere" } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    const views = page.getByRole("navigation", { name: "Views" });
    const heading = page.locator(".empty h2");
    const said: Record<string, string> = {
      "Held for approval": "Nothing waits for approval",
      "Assigned to me": "Nothing assigned to you",
      Stale: "Nothing idle for 30 days",
      "Possible duplicates": "No possible duplicates",
    };
    for (const [view, words] of Object.entries(said)) {
      await views.getByRole("button", { name: view, exact: true }).click();
      await expect.poll(() => heading.textContent()).toBe(words);
      expect(await page.locator(".empty").textContent()).not.toContain("Share your portal");
      if (view === "Held for approval") await everyView(page, "inbox-held-empty");
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
