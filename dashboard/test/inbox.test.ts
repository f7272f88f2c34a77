import { describe, expect, it } from "vitest";
import { screenshot, useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";

// The inbox (/app/posts) in Chromium: empty, then filled through the API; paged by cursor;
// filtered and sorted from the address; and a post submitted through the portal's API appears
// without a reload.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("the inbox", () => {
  it("pages, filters and sorts posts, and shows a portal submission without a reload", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    await expect.poll(() => page.getByRole("heading", { name: "No posts yet" }).isVisible()).toBe(true);
    await everyView(page, "inbox-empty");

    const key = await ws.key();
    const boardId = await ws.boardId();
    const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string; category: string }[];
    const complete = statuses.find((s) => s.category === "complete")!;
    for (let i = 1; i <= 30; i++) {
      const json = { boardId, title: `Idea number ${i}`, body: i === 7 ? "Export to spreadsheets" : "", ...(i % 10 === 0 ? { statusId: complete.id } : {}) };
      expect((await h.call("POST", "/v1/posts", { key, json })).status).toBe(201);
    }
    await page.reload();
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    // Counts per status, each a filter.
    const completeCount = page.getByRole("navigation", { name: "Posts per status" }).getByRole("button", { name: /^Complete/ });
    await expect.poll(() => completeCount.textContent()).toBe("Complete 3");
    await completeCount.click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await completeCount.getAttribute("aria-pressed")).toBe("true");
    await completeCount.click();
    await expect.poll(() => rows.count()).toBe(25);
    expect(await rows.first().textContent()).toContain("Idea number 30");
    await page.getByRole("button", { name: "More posts" }).click();
    await expect.poll(() => rows.count()).toBe(30);
    await everyView(page, "inbox");

    // Filters live in the address and narrow the list.
    await page.getByLabel("Status", { exact: true }).selectOption("complete");
    await expect.poll(() => rows.count()).toBe(3);
    expect(new URL(page.url()).searchParams.get("status")).toBe("complete");
    await page.getByLabel("Sort").selectOption("oldest");
    await expect.poll(() => rows.first().textContent()).toContain("Idea number 10");
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await page.getByLabel("Search").fill("spreadsheets");
    await page.getByLabel("Search").press("Enter");
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Idea number 7");
    // A sort the person chose stays when they search.
    expect(await page.getByLabel("Sort").inputValue()).toBe("oldest");
    await page.getByLabel("Search").fill("nothing like this at all");
    await page.getByLabel("Search").press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: "No post matches" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await page.getByLabel("Sort").selectOption("newest");
    await expect.poll(() => rows.first().textContent()).toContain("Idea number 30");
    // From the default sort, a search ranks by relevance, and clearing it goes back to newest.
    await page.getByLabel("Search").fill("spreadsheets");
    await page.getByLabel("Search").press("Enter");
    await expect.poll(() => page.getByLabel("Sort").inputValue()).toBe("relevance");
    expect(new URL(page.url()).searchParams.get("sort")).toBeNull();
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await expect.poll(() => page.getByLabel("Sort").inputValue()).toBe("newest");
    await expect.poll(() => rows.first().textContent()).toContain("Idea number 30");

    // An owned post leaves the "Nobody yet" view.
    const [adminId] = await makeMembers(h.database.db, ws.id, ["admin"]);
    await h.call("POST", "/v1/posts", { key, json: { boardId, title: "Owned by an admin", ownerId: adminId } });
    await expect.poll(() => rows.first().textContent(), { timeout: 15_000 }).toContain("Owned by an admin");
    await page.getByLabel("Owner").selectOption("none");
    await expect.poll(() => rows.first().textContent()).toContain("Idea number 30");
    expect(new URL(page.url()).searchParams.get("owner")).toBe("none");
    await page.getByLabel("Owner").selectOption("");
    // A member's Owner filter names the team (it once listed nobody: the role cannot list members).
    // The team is read once a visit: the admin made above shows after a reload.
    await page.reload();
    await page.getByLabel("Owner").selectOption(adminId!);
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining("Owned by an admin")]);
    await page.getByLabel("Owner").selectOption("");

    // An end user submits through the portal's API: it appears at the top, no reload.
    const { token } = await ws.identify("portal-user");
    const submitted = await h.call("POST", "/v1/portal/posts", { headers: ws.customer(token), json: { boardId, title: "Dark mode for the widget" } });
    expect(submitted.status).toBe(201);
    await expect.poll(() => rows.first().textContent(), { timeout: 15_000 }).toContain("Dark mode for the widget");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the first posts on a phone's first screen, its filters folded behind one button", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    for (let i = 1; i <= 5; i++) await h.call("POST", "/v1/posts", { key, json: { boardId, title: `Idea for a phone ${i}` } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts", { width: 375 });
    // A phone's screen: 375 by 667.
    await page.setViewportSize({ width: 375, height: 667 });
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(5);
    const first = (await rows.first().boundingBox())!;
    await screenshot(page, "inbox-phone-first-screen");
    expect(first.y + first.height, "the first post, whole, on the first screen").toBeLessThanOrEqual(667);
    expect(await page.getByLabel("Status", { exact: true }).isVisible()).toBe(false);
    await screenshot(page, "inbox-phone-first-screen");

    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Planned" });
    await page.waitForURL(/status=/);
    await expect.poll(() => page.getByRole("button", { name: "Filters (1)" }).getAttribute("aria-expanded")).toBe("true");
    await everyView(page, "inbox-phone-filters-unfolded");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("answers an unknown dashboard address with a page that says so", async () => {
    const ws = await h.workspace();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/no-such-page");
    await expect.poll(() => page.getByRole("heading", { name: "No such page" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
