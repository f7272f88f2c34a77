import { describe, expect, it } from "vitest";
import { notificationPass } from "../../server/src/features/notifications/index.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { type TestWorkspace, useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";
import { useSmtp } from "../../server/test/support/smtp.js";

// @mentions as a comment is typed on the post page: "@Ma" offers the teammates whose name
// matches, chosen by keyboard alone or by the mouse; each chosen teammate whose "@Name" is still in
// the text when it is sent is mentioned (the documented `mentions` of POST /posts/{id}/comments),
// told in the dashboard and by mail; one whose mention was deleted before sending is not.

const smtp = useSmtp();
const h = useHarness({ publicUrlIsServed: true, smtpUrl: () => smtp.url });
const chromium = useChromium();
const pass = () => notificationPass(h.services, { windowSeconds: 0, concurrency: 2, pollMs: 0 });

/** Three teammates by name; their addresses are `<id>@example.com`. */
async function team(ws: TestWorkspace) {
  const [maria, mario, ben] = await makeMembers(h.database.db, ws.id, ["member", "member", "admin"]);
  const names: [string, string][] = [
    [maria!, "Maria Lopez"],
    [mario!, "Mario Rossi"],
    [ben!, "Ben Stone"],
  ];
  for (const [id, name] of names) await h.database.db.updateTable("members").set({ name }).where("id", "=", id).execute();
  return { maria: maria!, mario: mario!, ben: ben! };
}

/** Who heard of a mention on this post, by member id. */
async function mentioned(postId: string): Promise<string[]> {
  const rows = await h.database.db.selectFrom("notifications").select("recipient_id").where("post_id", "=", postId).where("kind", "=", "mentioned").execute();
  return rows.map((r) => r.recipient_id).sort();
}

describe("@mentions in the comment form", () => {
  it("offers matching teammates as @ is typed, by keyboard alone; a mention deleted before sending tells nobody", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const people = await team(ws);
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Export to Excel" } })).body.id as string;
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "owner", `/app/posts/${post}`);
    await expect.poll(() => page.getByRole("heading", { name: "Export to Excel", level: 1 }).isVisible()).toBe(true);
    const form = page.getByRole("form", { name: "Comment" });
    const text = form.getByRole("textbox", { name: "Comment", exact: true });
    // The checkbox list is gone: mentions are typed.
    expect(await form.getByText("Mention teammates").count()).toBe(0);

    await text.focus();
    await page.keyboard.type("Thanks @Ma");
    const options = page.getByRole("listbox", { name: "Teammates to mention" });
    await expect.poll(() => options.getByRole("option").allTextContents()).toEqual(["Maria Lopez", "Mario Rossi"]);
    expect(await text.getAttribute("aria-activedescendant")).toBe(await options.getByRole("option", { name: "Maria Lopez" }).getAttribute("id"));
    await everyView(page, "post-mention-offered");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => options.getByRole("option", { selected: true }).textContent()).toBe("Mario Rossi");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => options.getByRole("option", { selected: true }).textContent()).toBe("Maria Lopez");
    await page.keyboard.press("Enter");
    await expect.poll(() => text.inputValue()).toBe("Thanks @Maria Lopez ");
    expect(await options.count()).toBe(0);

    // Escape closes the list and leaves the text as typed; Tab chooses as Enter does.
    await page.keyboard.type("and @st");
    await expect.poll(() => options.getByRole("option").allTextContents()).toEqual(["Ben Stone"]);
    await page.keyboard.press("Escape");
    await expect.poll(() => options.count()).toBe(0);
    expect(await text.inputValue()).toBe("Thanks @Maria Lopez and @st");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type("Be");
    await expect.poll(() => options.getByRole("option").allTextContents()).toEqual(["Ben Stone"]);
    await page.keyboard.press("Tab");
    await expect.poll(() => text.inputValue()).toBe("Thanks @Maria Lopez and @Ben Stone ");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
    // Ben's mention deleted again before sending: he is not told.
    for (let i = 0; i < "and @Ben Stone ".length; i++) await page.keyboard.press("Backspace");
    await page.keyboard.type("please look.");
    expect(await text.inputValue()).toBe("Thanks @Maria Lopez please look.");
    await form.getByRole("button", { name: "Comment", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("article", { name: /^Comment by/ }).textContent()).toContain("Thanks @Maria Lopez please look.");

    await pass();
    expect(await mentioned(post)).toEqual([people.maria]);
    const mail = await smtp.mailTo(`${people.maria}@example.com`);
    expect(`${mail.subject}\n${mail.text}`).toMatch(/mentioned you/);
    expect(smtp.received.some((m) => m.to.includes(people.ben) || m.to.includes(people.mario))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("mentions several teammates chosen with the mouse, each told", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const people = await team(ws);
    const post = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "SAML for Okta" } })).body.id as string;
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${post}`);
    await expect.poll(() => page.getByRole("heading", { name: "SAML for Okta", level: 1 }).isVisible()).toBe(true);
    const form = page.getByRole("form", { name: "Comment" });
    const text = form.getByRole("textbox", { name: "Comment", exact: true });
    const options = page.getByRole("listbox", { name: "Teammates to mention" });

    await text.click();
    await page.keyboard.type("@rossi");
    await options.getByRole("option", { name: "Mario Rossi" }).click();
    await page.keyboard.type("and @b");
    await expect.poll(() => options.getByRole("option").allTextContents()).toEqual(["Ben Stone"]);
    await everyView(page, "post-mention-mouse");
    await options.getByRole("option", { name: "Ben Stone" }).click();
    await page.keyboard.type("for the internal note.");
    expect(await text.inputValue()).toBe("@Mario Rossi and @Ben Stone for the internal note.");
    await form.getByRole("checkbox", { name: /Internal note/ }).check();
    await form.getByRole("button", { name: "Comment", exact: true }).click();
    await expect.poll(() => page.getByRole("article", { name: /^Internal note by/ }).isVisible()).toBe(true);

    await pass();
    expect(await mentioned(post)).toEqual([people.ben, people.mario].sort());
    await smtp.mailTo(`${people.mario}@example.com`);
    await smtp.mailTo(`${people.ben}@example.com`);
    // The form starts afresh: nobody is mentioned by the next comment unless typed again.
    expect(await text.inputValue()).toBe("");
    expect(problems).toEqual([]);
    await context.close();
  });
});
