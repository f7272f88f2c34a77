import { describe, expect, it } from "vitest";
import { notificationPass } from "../../server/src/features/notifications/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { useSmtp } from "../../server/test/support/smtp.js";

// A member's notifications in Chromium: Settings → Notifications (follow a board, choose mail),
// the frame's unread count, the list (open one, mark all read), a mention from the comment form,
// and the post's "Who was told" panel after a status change reached its voter by mail.

const smtp = useSmtp();

const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();
const pass = () => notificationPass(h.services, { windowSeconds: 0, concurrency: 2, pollMs: 0 });

describe("a member's notifications in the dashboard", () => {
  it("follows a board, hears of a new post and a mention, reads them, and sees who was told", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const mia = await signedInPage(chromium.browser, h, ws, "member", "/app/settings/notifications");
    const { page } = mia;
    await h.database.db.updateTable("members").set({ name: "Mia Member" }).where("id", "=", mia.memberId).execute();

    // Settings → Notifications: follow the board; new posts by mail too.
    await expect.poll(() => page.getByRole("heading", { name: "Notifications", level: 1 }).isVisible()).toBe(true);
    const board = (await h.call("GET", "/v1/boards", { key })).body.data[0];
    await page.getByRole("checkbox", { name: board.name }).check();
    await page.getByRole("checkbox", { name: "New posts on the boards I follow: by mail" }).check();
    await everyView(page, "notifications-settings");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Saved.").isVisible()).toBe(true);
    const settings = await mia.context.request.get(`${h.url}/v1/notifications/settings`);
    expect((await settings.json()).boards).toEqual([board.id]);

    // Someone posts on that board; a teammate mentions Mia from the comment form.
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: board.id, title: "Dark mode for the widget" } })).body;
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "vera", name: "Vera", email: "vera@people.test" } })).body;
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: voter.id } });
    const owner = await signedInPage(chromium.browser, h, ws, "owner", `/app/posts/${post.id}`);
    await expect.poll(() => owner.page.getByRole("heading", { name: "Dark mode for the widget" }).isVisible()).toBe(true);
    const commentForm = owner.page.getByRole("form", { name: "Comment" });
    await commentForm.getByRole("textbox", { name: "Comment", exact: true }).click();
    await owner.page.keyboard.type("@Mia");
    await commentForm.getByRole("listbox", { name: "Teammates to mention" }).getByRole("option", { name: "Mia Member" }).click();
    await owner.page.keyboard.type("this one is yours?");
    await commentForm.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => owner.page.getByText("@Mia Member this one is yours?").isVisible()).toBe(true);
    await pass();
    expect((await smtp.mailTo(`${mia.memberId}@example.com`)).subject).toMatch(/New idea on .+: “Dark mode for the widget”|2 updates from/);

    // The frame counts them; the list shows them; opening one reads it.
    await page.goto(`${h.url}/app/`);
    const link = page.getByRole("link", { name: "Notifications 2 unread" });
    await expect.poll(() => link.isVisible()).toBe(true);
    await link.click();
    await expect.poll(() => page.getByRole("heading", { name: "Notifications", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("@Mia Member this one is yours?").isVisible()).toBe(true);
    await everyView(page, "notifications-list");
    await page.getByRole("link", { name: /mentioned you on “Dark mode for the widget”/ }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Dark mode for the widget" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Notifications 1 unread" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Notifications 1 unread" }).click();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Notifications", exact: true }).isVisible()).toBe(true);
    await page.getByRole("radio", { name: /Unread/ }).check();
    await expect.poll(() => page.getByText("Nothing unread.").isVisible()).toBe(true);
    await everyView(page, "notifications-empty");

    // The status change reaches the voter by mail; the post says so.
    const planned = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned");
    await h.call("POST", `/v1/posts/${post.id}/status`, { key, json: { statusId: planned.id, comment: { body: "Planned for June." } } });
    await pass();
    await smtp.mailTo("vera@people.test");
    await owner.page.reload();
    const told = owner.page.getByRole("region", { name: "Who was told" });
    await expect.poll(() => told.getByText("Vera heard of the status change").isVisible()).toBe(true);
    await expect.poll(() => told.getByText("mailed").first().isVisible()).toBe(true);
    await everyView(owner.page, "post-who-was-told");
    expect([...mia.problems, ...owner.problems]).toEqual([]);
    await mia.context.close();
    await owner.context.close();
  });

  it("updates who was told on the post page without a reload, after a status change and a public reply", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Bulk edit tags" } })).body;
    const voter = (await h.call("POST", "/v1/users", { key, json: { externalId: "vera", name: "Vera", email: "vera@people.test" } })).body;
    await h.call("POST", `/v1/posts/${post.id}/votes`, { key, json: { userId: voter.id } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${post.id}`);
    const told = page.getByRole("region", { name: "Who was told" });
    await expect.poll(() => told.getByText(/^Nobody yet/).isVisible()).toBe(true);
    // Whatever follows happens in this one document: a reload would lose the mark.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const status = page.getByRole("form", { name: "Status" });
    await status.getByLabel("Status", { exact: true }).selectOption({ label: "Planned" });
    await status.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => status.getByRole("status").textContent()).toContain("Status changed to Planned.");
    await pass();
    await smtp.mailTo("vera@people.test");
    await expect.poll(() => told.getByText("Vera heard of the status change").isVisible()).toBe(true);
    await expect.poll(() => told.getByRole("listitem").first().textContent()).toContain("mailed");

    const comment = page.getByRole("form", { name: "Comment" });
    await comment.getByRole("textbox", { name: "Comment", exact: true }).fill("Planned for the June release.");
    await comment.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => page.getByRole("article", { name: /^Comment by/ }).isVisible()).toBe(true);
    await pass();
    await expect.poll(() => told.getByText("Vera heard of the team's reply").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await everyView(page, "post-who-was-told-live");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says mail is off when the server has no SMTP_URL, and keyboard alone saves the settings", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const saved = h.services.mailer;
    h.services.mailer = undefined;
    try {
      const mia = await signedInPage(chromium.browser, h, ws, "member", "/app/settings/notifications");
      const { page } = mia;
      await expect.poll(() => page.getByText("This server sends no mail").isVisible()).toBe(true);
      expect(await page.getByRole("checkbox", { name: "Mentions of me: by mail" }).isDisabled()).toBe(true);
      await everyView(page, "notifications-settings-mail-off");
      // Keyboard only: to the first in-dashboard box, untick it, on to Save.
      await page.getByRole("checkbox", { name: "New posts on the boards I follow: in the dashboard" }).focus();
      await page.keyboard.press("Space");
      await page.getByRole("button", { name: "Save" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByText("Saved.").isVisible()).toBe(true);
      const settings = await (await mia.context.request.get(`${h.url}/v1/notifications/settings`)).json();
      expect(settings.kinds.new_post.inApp).toBe(false);
      expect(mia.problems).toEqual([]);
      await mia.context.close();
    } finally {
      h.services.mailer = saved;
    }
  });
});
