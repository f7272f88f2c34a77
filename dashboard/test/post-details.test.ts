import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useChromium } from "../../server/test/support/browser.js";
import { everyView, signedInPage } from "../../server/test/support/dashboard.js";
import { type TestWorkspace, useHarness } from "../../server/test/support/harness.js";
import { makeMembers } from "../../server/test/support/members.js";

// The post page's Details panel in Chromium never saves what the person did not change. A post on
// the second board, with an owner, an expected date, tags, pinned and locked, is opened each way a
// person reaches it (a pasted address, a reload, a user's page, a company's page), where the board,
// team and tag lists load after the post; one tag is ticked and saved, and every other field is
// checked through the API.

const h = useHarness({ publicUrlIsServed: true });
const chromium = useChromium();

type Post = {
  boardId: string;
  ownerId: string | null;
  status: { id: string };
  eta: string | null;
  pinned: boolean;
  commentsLocked: boolean;
  title: string;
  body: string;
  tags: { id: string }[];
};

/** Every field the Details panel could touch, and those it must not. */
const fields = (p: Post) => ({
  boardId: p.boardId,
  ownerId: p.ownerId,
  statusId: p.status.id,
  eta: p.eta,
  pinned: p.pinned,
  commentsLocked: p.commentsLocked,
  title: p.title,
  body: p.body,
  tagIds: p.tags.map((t) => t.id).sort(),
});

async function seeded(ws: TestWorkspace) {
  const key = await ws.key();
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await h.call(method, path, { key, ...(json === undefined ? {} : { json }) });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return res.body;
  };
  await call("POST", "/v1/boards", { name: "Integrations" });
  const boards = (await call("GET", "/v1/boards")).data as { id: string; name: string }[];
  // The post lives on a board other than the one a select would show first.
  const board = boards[boards.length - 1]!;
  expect(board.name).toBe("Integrations");
  expect(boards[0]!.id).not.toBe(board.id);
  const [enterprise, mobile, billing] = [
    (await call("POST", "/v1/tags", { name: "enterprise" })).id as string,
    (await call("POST", "/v1/tags", { name: "mobile" })).id as string,
    (await call("POST", "/v1/tags", { name: "billing" })).id as string,
  ];
  const [ownerId] = await makeMembers(h.database.db, ws.id, ["member"]);
  const company = (await call("POST", "/v1/companies", { externalId: "acme", name: "Acme", monthlySpend: 500 })).id as string;
  const user = (await call("POST", "/v1/users", { externalId: "ada", name: "Ada Lovelace", email: "ada@example.com", companyId: company })).id as string;
  const post = (
    await call("POST", "/v1/posts", {
      boardId: board.id,
      title: "Sync with Salesforce",
      body: "Every **account** in both places.",
      authorId: user,
      ownerId,
      eta: "2027-03-15",
      tagIds: [enterprise, mobile],
      pinned: true,
    })
  ).id as string;
  await call("PATCH", `/v1/posts/${post}`, { commentsLocked: true });
  const statuses = (await call("GET", "/v1/statuses")).data as { id: string; name: string }[];
  await call("POST", `/v1/posts/${post}/status`, { statusId: statuses.find((s) => s.name === "Planned")!.id });
  await h.call("POST", `/v1/posts/${post}/votes`, { key, json: { userId: user } });
  const read = async () => fields((await call("GET", `/v1/posts/${post}`)) as Post);
  return { post, user, company, board, billing, read };
}

/** The four ways to reach a post, each ending on its page with nothing of it loaded beforehand but the post. */
const WAYS: [string, (page: Page, ids: Awaited<ReturnType<typeof seeded>>) => Promise<void>][] = [
  ["a pasted address", async (page, { post }) => page.goto(`${h.url}/app/posts/${post}`).then(() => undefined)],
  [
    "a reload",
    async (page) => {
      // From the inbox (which loads the boards), then reloaded: every list is fetched afresh.
      await page.goto(`${h.url}/app/posts`);
      await page.getByRole("link", { name: "Sync with Salesforce" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Sync with Salesforce", level: 1 }).isVisible()).toBe(true);
      await page.reload();
    },
  ],
  [
    "the user's page",
    async (page, { user }) => {
      await page.goto(`${h.url}/app/users/${user}`);
      await page.getByRole("list", { name: "Posts they wrote" }).getByRole("link", { name: "Sync with Salesforce" }).click();
    },
  ],
  [
    "the company's page",
    async (page, { company }) => {
      await page.goto(`${h.url}/app/companies/${company}`);
      await page.getByRole("list", { name: "Posts its people voted for" }).getByRole("link", { name: "Sync with Salesforce" }).click();
    },
  ],
];

describe("the post page's Details panel", () => {
  it.each(WAYS)("saves only the tag ticked, on a post opened from %s", { timeout: 90_000 }, async (way, open) => {
    const ws = await h.workspace();
    const seed = await seeded(ws);
    const before = await seed.read();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", "/app");
    await open(page, seed);
    await expect.poll(() => page.getByRole("heading", { name: "Sync with Salesforce", level: 1 }).isVisible()).toBe(true);

    const details = page.getByRole("form", { name: "Details" });
    await details.getByRole("checkbox", { name: "billing" }).check();
    // What the panel shows is what is stored, whatever loaded first (soft: the API says the rest).
    expect.soft(await details.getByLabel("Board", { exact: true }).inputValue()).toBe(before.boardId);
    expect.soft(await details.getByLabel("Owner").inputValue()).toBe(before.ownerId);
    expect.soft(await details.getByLabel("Expected by").inputValue()).toBe(before.eta);
    if (way === "a pasted address") await everyView(page, "post-details");
    await details.getByRole("button", { name: "Save details" }).click();

    const expected = { ...before, tagIds: [...before.tagIds, seed.billing].sort() };
    await expect.poll(() => seed.read()).toEqual(expected);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lays the tag picker out at 375 px as a list that uses its width, each tag a row to tap", { timeout: 90_000 }, async () => {
    const ws = await h.workspace();
    const seed = await seeded(ws);
    const key = await ws.key();
    for (const name of ["analytics", "api", "exports", "integrations with a long name", "security", "sso"])
      expect((await h.call("POST", "/v1/tags", { key, json: { name } })).status).toBe(201);
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "member", `/app/posts/${seed.post}`, { width: 375 });
    const picker = page.getByRole("group", { name: "Tags" });
    await expect.poll(() => picker.getByRole("listitem").count()).toBe(9);
    const box = (await picker.boundingBox())!;
    const rows = await picker.getByRole("listitem").evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as DOMRect));
    // Two columns side by side across the picker, each row as wide as its column and tall enough to tap.
    const lefts = [...new Set(rows.map((r) => Math.round(r.left)))];
    expect(lefts).toHaveLength(2);
    const used = Math.max(...rows.map((r) => r.right)) - Math.min(...rows.map((r) => r.left));
    expect(used).toBeGreaterThan(box.width * 0.85);
    for (const row of rows) expect(row.height).toBeGreaterThanOrEqual(44);
    // A tag is ticked by tapping anywhere on its row.
    const billing = picker.getByRole("checkbox", { name: "billing" });
    expect(await billing.isChecked()).toBe(false);
    const billingRow = picker.getByRole("listitem").filter({ hasText: "billing" });
    await billingRow.scrollIntoViewIfNeeded();
    const row = (await billingRow.boundingBox())!;
    await page.mouse.click(row.x + row.width - 8, row.y + row.height / 2);
    expect(await billing.isChecked()).toBe(true);
    await everyView(page, "post-tag-picker");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends nothing when nothing changed, and clears an owner only when asked", { timeout: 60_000 }, async () => {
    const ws = await h.workspace();
    const seed = await seeded(ws);
    const before = await seed.read();
    const { context, page, problems } = await signedInPage(chromium.browser, h, ws, "admin", `/app/posts/${seed.post}`);
    const details = page.getByRole("form", { name: "Details" });
    await details.getByRole("button", { name: "Save details" }).click();
    await expect.poll(() => details.getByRole("status").textContent()).toBe("Nothing to save: no detail was changed.");
    expect(await seed.read()).toEqual(before);

    await details.getByLabel("Owner").selectOption({ label: "Nobody" });
    await details.getByRole("button", { name: "Save details" }).click();
    await expect.poll(async () => (await seed.read()).ownerId).toBeNull();
    expect(await seed.read()).toEqual({ ...before, ownerId: null });
    expect(problems).toEqual([]);
    await context.close();
  });
});
