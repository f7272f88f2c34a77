import { describe, expect, it } from "vitest";
import { createTag } from "../../server/src/features/tags/write.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Settings → Boards and Settings → Audit log in Chromium: boards, statuses and tags made and
// changed in the page (statuses reordered by keyboard), then found again in the audit log under
// the member who made them, filtered and paged.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("Settings → Boards", () => {
  it("creates a board, a status and a tag, reorders statuses by keyboard, sets the default, and deletes with confirmation", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key(["boards:read"]);
    const { context, page, problems, memberId } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/boards");
    await expect.poll(() => page.getByRole("heading", { name: "Statuses", exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("No tags yet.", { exact: false }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "New board" }).click();
    await page.getByRole("button", { name: "Create board" }).click();
    await expect.poll(() => page.getByRole("form", { name: "New board" }).getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("form", { name: "New board" }).getByLabel("Name").fill("Integrations");
    await page.getByLabel("Visibility").selectOption("private");
    await page.getByRole("button", { name: "Create board" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Edit Integrations" }).isVisible()).toBe(true);

    // A second board of the same name, slug left empty: "Taken" lands on the name it came from.
    await page.getByRole("button", { name: "New board" }).click();
    const again = page.getByRole("form", { name: "New board" });
    await again.getByLabel("Name").fill("Integrations");
    await page.getByRole("button", { name: "Create board" }).click();
    await expect.poll(() => again.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(await again.getByLabel("Slug (optional)").getAttribute("aria-invalid")).not.toBe("true");
    expect(await again.getByText("Taken already. Choose another.").isVisible()).toBe(true);
    await page.screenshot({ path: "test-results/settings-boards-taken.png" });
    await again.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "New status" }).click();
    const statusForm = page.getByRole("form", { name: "New status" });
    await statusForm.getByLabel("Name").fill("Needs design");
    await statusForm.getByLabel("Category").selectOption("active");
    await page.getByRole("button", { name: "Create status" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Edit Needs design" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "New tag" }).click();
    await page.getByRole("form", { name: "New tag" }).getByLabel("Name").fill("enterprise");
    await page.getByRole("button", { name: "Create tag" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Edit enterprise" }).isVisible()).toBe(true);
    await everyView(page, "settings-boards");

    // Reorder by keyboard: the new status moves up twice; focus stays on its button.
    const order = async () => (await h.call("GET", "/v1/statuses", { key })).body.data.map((s: { name: string }) => s.name);
    const before: string[] = await order();
    expect(before.at(-1)).toBe("Needs design");
    await page.getByRole("button", { name: "Move Needs design up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual([...before.slice(0, -2), "Needs design", before.at(-2)]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Needs design up");
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual([...before.slice(0, -3), "Needs design", ...before.slice(-3, -1)]);

    await page.getByRole("button", { name: "Make default: Needs design" }).click();
    await expect
      .poll(async () => (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { isDefault: boolean }) => s.isDefault)?.name)
      .toBe("Needs design");

    // Deleting the default status is refused by the server, and the page says why.
    await page.getByRole("button", { name: "Delete Needs design" }).click();
    await page.getByRole("dialog", { name: "Delete Needs design?" }).getByRole("button", { name: "Delete the status" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/default/i);

    // A tag: cancelled with Escape once, then deleted.
    await page.getByRole("button", { name: "Delete enterprise" }).click();
    await page.keyboard.press("Escape");
    expect((await h.call("GET", "/v1/tags", { key })).body.data.map((t: { name: string }) => t.name)).toEqual(["enterprise"]);
    await page.getByRole("button", { name: "Delete enterprise" }).click();
    await page.getByRole("dialog", { name: "Delete enterprise?" }).getByRole("button", { name: "Delete the tag" }).click();
    await expect.poll(async () => (await h.call("GET", "/v1/tags", { key })).body.data).toEqual([]);
    expect(problems).toEqual([]);

    // The audit log names the member for each change, and filters by actor, action and object.
    await page.getByRole("link", { name: "Audit log" }).click();
    await expect.poll(() => page.getByRole("cell", { name: "board.created" }).isVisible()).toBe(true);
    const boardRow = page.getByRole("row").filter({ hasText: "board.created" });
    expect(await boardRow.textContent()).toContain("Member 0");
    // Each object by its name now, its kind and id under it.
    expect(await boardRow.getByRole("cell").last().textContent()).toMatch(/^Integrationsboard · brd_/);
    await everyView(page, "settings-audit-log");
    // By action: the tag deleted above, which has no name any more.
    await page.getByLabel("Action").selectOption("tag.deleted");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    expect(await page.getByRole("row").last().textContent()).toContain("(no name)tag · tag_");
    // The filtered view from its pasted address, and after a reload.
    await page.goto(`${h.url}/app/settings/audit-log?action=tag.deleted`);
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    expect(await page.getByLabel("Action").inputValue()).toBe("tag.deleted");
    await page.getByLabel("Action").selectOption("");
    await page.getByLabel("Actor").selectOption(memberId);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("actor")).toBe(memberId);
    await boardRow.getByRole("button", { name: /^board / }).click();
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await page.getByLabel("Object id").fill("tag_01aaaaaaaaaaaaaaaaaaaaaaaa");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect.poll(() => page.getByText("No change matches these filters.").isVisible()).toBe(true);
    await everyView(page, "settings-audit-log-empty");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("pages the audit log with Older entries", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    for (let i = 0; i < 30; i++) await createTag({ ctx: ws.ctx, input: { name: `tag ${i}` } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", "/app/settings/audit-log", { width: 375 });
    const rows = page.getByRole("table", { name: "Audit log" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(26);
    await page.getByRole("button", { name: "Older entries" }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(26);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("puts the boards in the team's order, which the inbox's filter and the portal follow", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    for (const name of ["Integrations", "Bugs"]) await h.call("POST", "/v1/boards", { key, json: { name } });
    const order = async () => (await h.call("GET", "/v1/boards", { key })).body.data.map((b: { name: string }) => b.name);
    expect(await order()).toEqual(["Feature requests", "Integrations", "Bugs"]);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/settings/boards");
    // By keyboard: Bugs moves up twice, to the top; focus stays on its button.
    const up = page.getByRole("button", { name: "Move Bugs up" });
    await expect.poll(() => up.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Move Feature requests up" }).isDisabled()).toBe(true);
    await up.focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Feature requests", "Bugs", "Integrations"]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Move Bugs up");
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual(["Bugs", "Feature requests", "Integrations"]);
    // After a reload the page shows the order it saved: Bugs first, with nowhere further up.
    await page.reload();
    await expect.poll(() => page.getByRole("button", { name: "Move Bugs up" }).isDisabled()).toBe(true);
    await everyView(page, "settings-boards-ordered");

    // The inbox's board filter and the portal's list of boards, in that order.
    await page.goto(`${h.url}/app/posts`);
    await expect.poll(() => page.getByLabel("Board").locator("option").count()).toBe(4);
    const boardOptions = await page.getByLabel("Board").locator("option").allTextContents();
    expect(boardOptions).toEqual(["Every board", "Bugs", "Feature requests", "Integrations"]);
    const portal = await h.call("GET", "/v1/portal/workspace", { headers: ws.customer() });
    expect(portal.body.boards.map((b: { name: string }) => b.name)).toEqual(["Bugs", "Feature requests", "Integrations"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
