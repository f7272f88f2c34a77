import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { useHarness } from "../../server/test/support/harness.js";

// "Tell the N people who follow", asked before each write that announces, with N from the server:
// ticked on a post's status change and on publishing an entry, unticked on a roadmap drag and a
// bulk change; what was chosen is what the server was sent (its `notified` shown after).

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

describe("telling followers", () => {
  it("asks before a status change, a roadmap drag, a bulk change and publishing, each with its default", { timeout: 120_000 }, async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const call = async (method: string, path: string, json?: unknown) =>
      (await h.call(method, `/v1${path}`, json === undefined ? { key } : { key, json })).body;
    const statuses = (await call("GET", "/statuses")).data as { id: string; name: string }[];
    const status = (name: string) => statuses.find((s) => s.name === name)!.id;
    const voters = [];
    for (const name of ["ann", "ben"]) voters.push((await call("POST", "/users", { externalId: name, email: `${name}-${ws.slug}@people.test`, name })).id);
    const dark = (await call("POST", "/posts", { boardId: await ws.boardId(), title: "Dark mode", statusId: status("Under review") })).id as string;
    for (const userId of voters) await call("POST", `/posts/${dark}/votes`, { userId });
    const statusOf = async () => (await call("GET", `/posts/${dark}`)).status.name as string;

    // The post's page: ticked.
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${dark}`);
    const statusPanel = page.getByRole("form", { name: "Status" });
    const tellOnPost = statusPanel.getByRole("checkbox", { name: "Tell the 2 people who follow" });
    await expect.poll(() => tellOnPost.isChecked()).toBe(true);
    await everyView(page, "post-tell-followers");
    await statusPanel.getByLabel("Status", { exact: true }).selectOption({ label: "Planned" });
    await statusPanel.getByRole("button", { name: "Change status" }).click();
    await expect.poll(() => statusPanel.getByRole("status").textContent()).toBe("Status changed to Planned. 2 people are mailed.");

    // The roadmap: the card waits in its new column, unticked, until it is moved or put back.
    await page.goto(`${h.url}/app/roadmap`);
    const inProgress = page.locator(".roadmap-column", { has: page.getByRole("heading", { name: "In progress", exact: true }) });
    const handle = page.getByRole("button", { name: "Move “Dark mode”" });
    await expect.poll(() => handle.isVisible()).toBe(true);
    const drag = async () => {
      const from = (await handle.boundingBox())!;
      const to = (await inProgress.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + 20, from.y + 5, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 15 });
      await page.mouse.up();
    };
    await drag();
    const confirm = page.getByRole("region", { name: "Move “Dark mode” to In progress?" });
    const tellOnDrag = confirm.getByRole("checkbox", { name: "Tell the 2 people who follow" });
    await expect.poll(() => tellOnDrag.isVisible()).toBe(true);
    expect(await tellOnDrag.isChecked()).toBe(false);
    await everyView(page, "roadmap-move-confirm");
    await confirm.getByRole("button", { name: "Put it back" }).click();
    await expect.poll(() => inProgress.getByRole("listitem").count()).toBe(0);
    expect(await statusOf()).toBe("Planned");
    await page.mouse.move(1, 1);
    await drag();
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(statusOf).toBe("In progress");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "“Dark mode” is In progress." }).textContent()).toContain("Nobody is mailed.");

    // A bulk change: unticked, with the count of the selection's followers.
    await page.goto(`${h.url}/app/posts`);
    await page.getByRole("checkbox", { name: "Select “Dark mode”" }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await bar.getByLabel("Action").selectOption("status");
    const tellInBulk = bar.getByRole("checkbox", { name: "Tell the 2 people who follow" });
    await expect.poll(() => tellInBulk.isVisible()).toBe(true);
    expect(await tellInBulk.isChecked()).toBe(false);
    await everyView(page, "inbox-bulk-tell-followers");
    await bar.getByLabel("To").selectOption({ label: "Complete" });
    await bar.getByRole("button", { name: "Apply to 1 post" }).click();
    await expect.poll(statusOf).toBe("Complete");

    // Publishing an entry: ticked, for who follows its ideas.
    const entry = (await call("POST", "/changelog", { title: "Dark mode is here", type: "new", postIds: [dark] })).id as string;
    await page.goto(`${h.url}/app/changelog/${entry}`);
    const tellOnPublish = page.getByRole("checkbox", { name: "Tell the 2 people who follow" });
    await expect.poll(() => tellOnPublish.isVisible()).toBe(true);
    expect(await tellOnPublish.isChecked()).toBe(true);
    await everyView(page, "changelog-publish-tell-followers");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Published." }).textContent()).toBe("Published. 2 people are mailed.");
    expect((await call("GET", `/changelog/${entry}`)).notify).toBe(true);

    // Nobody who gets mail follows: said so, no box.
    const quiet = (await call("POST", "/posts", { boardId: await ws.boardId(), title: "Quiet idea" })).id as string;
    await page.goto(`${h.url}/app/posts/${quiet}`);
    await expect.poll(() => statusPanel.getByText("Nobody who gets mail follows this post yet: nobody is told.").isVisible()).toBe(true);
    expect(await statusPanel.getByRole("checkbox", { name: /^Tell the/ }).count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
