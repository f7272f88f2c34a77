import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { useWebhookWork } from "../../server/test/support/webhooks.js";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";
import { startReceiver } from "../../server/test/support/receiver.js";

// The inbox's bulk actions and triage keys in Chromium: twenty selected posts change status, and
// the webhook receiver gets one `post.status_changed` per post; a post is triaged from the keyboard.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();
useWebhookWork(h);

async function seeded(count: number) {
  const ws = await h.workspace();
  const key = await ws.key();
  const boardId = await ws.boardId();
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) ids.push((await h.call("POST", "/v1/posts", { key, json: { boardId, title: `Idea ${i}` } })).body.id);
  const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
  const statusOf = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key })).body.status.name as string;
  return { ws, key, ids, statuses, statusOf };
}

describe("the inbox's bulk actions", () => {
  it("changes the status of 20 selected posts, each with its own event", { timeout: 120_000 }, async () => {
    const { ws, key, ids, statusOf } = await seeded(22);
    const receiver = await startReceiver();
    const endpoint = await h.call("POST", "/v1/webhooks/endpoints", { key, json: { url: receiver.url, events: ["post.status_changed"] } });
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts?sort=oldest");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(22);

    await page.getByLabel("Select all 22 shown").check();
    await page.getByRole("checkbox", { name: "Select “Idea 21”" }).uncheck();
    await page.getByRole("checkbox", { name: "Select “Idea 22”" }).uncheck();
    const bar = page.getByRole("form", { name: "Change 20 selected posts" });
    await expect.poll(() => bar.isVisible()).toBe(true);
    await everyView(page, "inbox-bulk");
    await bar.getByLabel("Action").selectOption("status");
    await bar.getByLabel("To").selectOption({ label: "Planned" });
    await bar.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => bar.count()).toBe(0);

    for (const id of ids.slice(0, 20)) expect(await statusOf(id)).toBe("Planned");
    expect(await statusOf(ids[20]!)).toBe("Open");
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(20);
    const events = receiver.received.map(
      (r) => new Webhook(endpoint.body.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { post: { id: string } } },
    );
    expect(events.every((e) => e.type === "post.status_changed")).toBe(true);
    expect(new Set(events.map((e) => e.data.post.id))).toEqual(new Set(ids.slice(0, 20)));
    expect(problems).toEqual([]);
    await context.close();
    await receiver.close();
  });

  it("merges a selection into the post chosen to stay", { timeout: 60_000 }, async () => {
    const { ws, ids, key } = await seeded(3);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts?sort=oldest");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByRole("checkbox", { name: "Select “Idea 1”" }).check();
    await page.getByRole("checkbox", { name: "Select “Idea 3”" }).check();
    const bar = page.getByRole("form", { name: "Change 2 selected posts" });
    await bar.getByLabel("Action").selectOption("merge");
    await bar.getByLabel("The post that stays").selectOption({ label: "Keep “Idea 3”" });
    await bar.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect((await h.call("GET", `/v1/posts/${ids[0]}`, { key })).body.mergedInto).toBe(ids[2]);
    expect(problems).toEqual([]);
    await context.close();
  });

  // A member (not only an admin) assigns: the owners come from /v1/members/assignable.
  it("keeps the keyboard's cursor and selection on their posts while new posts arrive above them", { timeout: 90_000 }, async () => {
    const { ws, key, ids, statusOf } = await seeded(3);
    const boardId = await ws.boardId();
    const ownerOf = async (id: string) => (await h.call("GET", `/v1/posts/${id}`, { key })).body.ownerId as string | null;
    // Newest first: a new post takes the top row and pushes every row down.
    const { context, page, problems, memberId } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(3);
    const arrive = async (...titles: string[]) => {
      const before = await rows.count();
      for (const title of titles) ids.push((await h.call("POST", "/v1/posts", { key, json: { boardId, title } })).body.id);
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(before + titles.length);
    };
    const others = () => ids.filter((id) => id !== ids[1]);

    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Idea 2");
    await page.keyboard.press("x");
    await expect.poll(() => page.getByRole("checkbox", { name: "Select “Idea 2”" }).isChecked()).toBe(true);
    await arrive("Idea 4", "Idea 5");
    expect.soft(await page.locator(".post-row.current").getAttribute("data-post-id")).toBe(ids[1]);

    // x takes Idea 2 back out of the selection; s then sets the status of Idea 2 alone.
    await page.keyboard.press("x");
    await page.keyboard.press("s");
    const bar = page.getByRole("form", { name: /^Change \d+ selected posts$/ });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("target");
    await bar.getByLabel("To").selectOption({ label: "Complete" });
    const apply = bar.getByRole("button", { name: /^Apply/ });
    expect.soft(await apply.textContent()).toBe("Apply to 1 post");
    await apply.click();
    await expect.poll(() => bar.count()).toBe(0);
    await expect.poll(() => statusOf(ids[1]!)).toBe("Complete");
    for (const id of others()) expect(await statusOf(id)).toBe("Open");

    // One more arrives; a assigns Idea 2, still under the cursor, and nothing else.
    await arrive("Idea 6");
    await page.keyboard.press("a");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("target");
    await bar.getByLabel("To").selectOption(memberId);
    expect.soft(await apply.textContent()).toBe("Apply to 1 post");
    await everyView(page, "inbox-cursor-follows");
    await apply.click();
    await expect.poll(() => bar.count()).toBe(0);
    await expect.poll(() => ownerOf(ids[1]!)).toBe(memberId);
    for (const id of others()) expect(await ownerOf(id)).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("triages from the keyboard: next, select, set status, and the list of keys on ?", { timeout: 60_000 }, async () => {
    const { ws, ids, statusOf } = await seeded(3);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", "/app/posts?sort=oldest");
    const rows = page.getByRole("list", { name: "Posts" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(3);
    await page.locator("body").click({ position: { x: 5, y: 400 } });
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect.poll(() => help.isVisible()).toBe(true);
    await everyView(page, "inbox-shortcuts");
    await page.keyboard.press("Escape");
    await expect.poll(() => help.isVisible()).toBe(false);

    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Idea 2");
    await page.keyboard.press("s");
    const bar = page.getByRole("form", { name: "Change 1 selected posts" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("target");
    await bar.getByLabel("To").selectOption({ label: "Complete" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => statusOf(ids[1]!)).toBe("Complete");
    expect(await statusOf(ids[0]!)).toBe("Open");
    // Enter on the focused post opens it.
    await page.keyboard.press("k");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { name: "Idea 1", level: 1 }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
