import { describe, expect, it } from "vitest";
import { isoAt, nowMs } from "../../server/src/platform/lib/clock.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// Rejecting and deleting as a team member lives it, in Chromium: Reject asks first, the frame then
// offers Undo, which restores; a post rejected for good is found in the inbox's Deleted posts, the
// last deleted first, and restored from there. Once with the mouse from the Held view's selection,
// once with the keyboard alone from the Held view through the post's page; then a post deleted
// from its page, and comments hidden or rejected.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

async function heldPosts(ws: Awaited<ReturnType<typeof h.workspace>>, titles: string[]) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const ids: string[] = [];
  for (const title of titles) ids.push((await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).body.id);
  // Held as moderation holds an end user's post: on no list but the Held view, announced to nobody.
  await h.database.db.updateTable("posts").set({ held: 1 }).where("id", "in", ids).execute();
  return { key, ids };
}

describe("rejecting with a confirmation, an Undo and a trash", () => {
  it("rejects from the Held view after a confirmation, and Undo brings the post back", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    await heldPosts(ws, ["Cheap watches", "Calendar sync"]);
    const { page, context, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app/posts?held=1");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(2);

    await rows.filter({ hasText: "Cheap watches" }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Reject 1 held post" }).click();
    const dialog = page.getByRole("dialog", { name: "Reject 1 held post?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // Nothing happened yet: Cancel leaves the post where it was.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await rows.count()).toBe(2);
    await page.getByRole("button", { name: "Reject 1 held post" }).click();
    await everyView(page, "inbox-reject-confirm");
    await dialog.getByRole("button", { name: "Reject 1 held post" }).click();
    await expect.poll(() => rows.count()).toBe(1);

    const notice = page.locator(".undo-notice");
    await expect.poll(() => notice.getByRole("button", { name: "Undo" }).isVisible()).toBe(true);
    expect(await notice.textContent()).toContain("Rejected “Cheap watches”.");
    await everyView(page, "inbox-rejected-undo");
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => notice.textContent()).toContain("Restored “Cheap watches”: it waits for approval again.");
    await expect.poll(() => rows.count()).toBe(2);
    await notice.getByRole("button", { name: /^Close/ }).click();
    await expect.poll(() => notice.textContent()).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("rejects from the post's page, undoes, rejects again and restores from the trash, by keyboard alone", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const { key, ids } = await heldPosts(ws, ["Export every report to CSV"]);
    const [held] = ids;
    // An older deletion, listed below the rejection.
    const deleted = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Old idea" } })).body.id;
    expect((await h.call("DELETE", `/v1/posts/${deleted}`, { key })).status).toBe(204);
    await h.database.db
      .updateTable("posts")
      .set({ deleted_at: isoAt(nowMs() - 3_600_000) })
      .where("id", "=", deleted)
      .execute();

    const { page, context, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts?held=1");
    // From the Held view to the post's page.
    const link = page.getByRole("list", { name: "Posts" }).getByRole("link", { name: "Export every report to CSV" });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.focus();
    await page.keyboard.press("Enter");
    const press = async (name: string | RegExp, where = page.locator("body")) => {
      const button = where.getByRole("button", { name, exact: typeof name === "string" });
      await expect.poll(() => button.isVisible()).toBe(true);
      await button.focus();
      await page.keyboard.press("Enter");
    };
    const reject = async () => {
      await press("Reject", page.getByRole("region", { name: "Held for approval" }));
      const dialog = page.getByRole("dialog", { name: "Reject this post?" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // The dialog opens on Cancel, the safe choice; the next Tab reaches the rejection.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe("/app/posts?held=1");
    };
    await reject();
    const undo = page.locator(".undo-notice").getByRole("button", { name: "Undo" });
    // Undo has the focus: the button that acted left with the post's page.
    await expect.poll(() => undo.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".undo-notice").textContent()).toContain("it waits for approval again");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.filter({ hasText: "Export every report to CSV" }).count()).toBe(1);

    // Rejected again, and left rejected: the trash has it, above the older deletion.
    await page.goto(`${h.url}/app/posts/${held}`);
    await reject();
    await expect.poll(() => undo.isVisible()).toBe(true);
    const trashLink = page.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Deleted posts" });
    await trashLink.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: "Deleted posts", level: 1 }).isVisible()).toBe(true);
    const trash = page.getByRole("list", { name: "Deleted posts" }).getByRole("listitem");
    await expect.poll(() => trash.count()).toBe(2);
    expect(await trash.allTextContents()).toEqual([expect.stringMatching(/^Export every report to CSVRejected/), expect.stringMatching(/^Old ideaDeleted/)]);
    await page
      .locator(".undo-notice")
      .getByRole("button", { name: /^Close/ })
      .focus();
    await page.keyboard.press("Enter");
    await everyView(page, "deleted-posts");

    await press("Restore Export every report to CSV");
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "Restored" }).textContent())
      .toBe("Restored Export every report to CSV: it waits for approval again.");
    await expect.poll(() => trash.count()).toBe(1);
    await everyView(page, "deleted-posts-restored");
    expect((await h.call("GET", "/v1/posts?held=true", { key })).body.data.map((p: { id: string }) => p.id)).toContain(held);

    // The older deletion comes back as a live post.
    await press("Restore Old idea");
    await expect.poll(() => page.getByText("Nothing deleted").isVisible()).toBe(true);
    expect((await h.call("GET", `/v1/posts/${deleted}`, { key })).status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("deletes a post from its page after a confirmation, undoes it, deletes it again and restores it from the trash", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const id = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Dark mode" } })).body.id;
    const { page, context, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${id}`);
    const deletePost = async () => {
      await page.getByRole("button", { name: "Delete post" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete this post?" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: "Delete the post" }).click();
      await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe("/app/posts");
    };
    await deletePost();
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    const notice = page.locator(".undo-notice");
    await expect.poll(() => notice.textContent()).toContain("Deleted “Dark mode”.");
    expect(await rows.filter({ hasText: "Dark mode" }).count()).toBe(0);
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => notice.textContent()).toContain("Restored “Dark mode”.");
    await expect.poll(() => rows.filter({ hasText: "Dark mode" }).count()).toBe(1);

    await page.goto(`${h.url}/app/posts/${id}`);
    await deletePost();
    await page.getByRole("link", { name: "Deleted posts" }).click();
    const trash = page.getByRole("list", { name: "Deleted posts" }).getByRole("listitem");
    await expect.poll(() => trash.allTextContents()).toEqual([expect.stringMatching(/^Dark modeDeleted/)]);
    await trash.getByRole("button", { name: "Restore Dark mode" }).click();
    await expect.poll(() => page.getByText("Nothing deleted").isVisible()).toBe(true);
    expect((await h.call("GET", `/v1/posts/${id}`, { key })).status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("hides and rejects comments after a confirmation, and Undo brings each back", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Calendar sync" } })).body.id;
    await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Shipping next month." } });
    const heldId = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Buy cheap watches" } })).body.id;
    // Held as moderation holds an end user's comment: uncounted until approved.
    await h.database.db.updateTable("comments").set({ held: 1 }).where("id", "=", heldId).execute();
    await h.database.db.updateTable("posts").set({ comment_count: 1 }).where("id", "=", postId).execute();
    const { page, context, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${postId}`);
    const comments = page.getByRole("article", { name: /^Comment by/ });
    await expect.poll(() => comments.count()).toBe(2);
    const notice = page.locator(".undo-notice");

    await comments
      .filter({ hasText: "Buy cheap watches" })
      .getByRole("button", { name: /^Reject/ })
      .click();
    await page.getByRole("dialog", { name: "Reject this comment?" }).getByRole("button", { name: "Reject the comment" }).click();
    await expect.poll(() => comments.count()).toBe(1);
    await expect.poll(() => notice.textContent()).toContain("Rejected the comment by The team.");
    await everyView(page, "post-comment-rejected-undo");
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => comments.filter({ hasText: "Buy cheap watches" }).locator(".badge.held").isVisible()).toBe(true);

    await comments.filter({ hasText: "Shipping next month." }).getByRole("button", { name: "Hide" }).click();
    await page.getByRole("dialog", { name: "Hide this comment?" }).getByRole("button", { name: "Hide the comment" }).click();
    await expect.poll(() => comments.filter({ hasText: "Shipping next month." }).count()).toBe(0);
    await notice.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => comments.filter({ hasText: "Shipping next month." }).count()).toBe(1);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.commentCount).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
