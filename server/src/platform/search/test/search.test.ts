import { describe, expect, it } from "vitest";
import { seedWorkspace } from "../../../cli/seed/bulk.js";
import { createBoard } from "../../../features/boards/write.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// Search that ranks, on both databases: any word of the query finds a post, in any form (stem,
// small typo, the word being typed, CJK without spaces); more, rarer and title words rank higher;
// filters and privacy still hold; the index follows every write.

const h = useHarness();

async function world(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const post = async (title: string, body = "", board = boardId) =>
    (await h.call("POST", "/v1/posts", { key, json: { boardId: board, title, body } })).body.id as string;
  const search = async (q: string, extra = "") => {
    const res = await h.call("GET", `/v1/posts?q=${encodeURIComponent(q)}&limit=100${extra}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((p: { id: string }) => p.id) as string[];
  };
  return { key, boardId, post, search };
}

describe("search that ranks", () => {
  it("finds a post from two of its title's words in another form, in the top 3 among hundreds", async () => {
    const ws = await h.workspace();
    await seedWorkspace(h.database.db, ws.ctx.workspace, { posts: 300, votes: 600, seed: 29 });
    const { post, search } = await world(ws);
    const quickbooks = await post("Export invoices to QuickBooks", "Our accountant asks every month.");
    const notifications = await post("Notifications for new comments");
    const shortcuts = await post("Keyboard shortcuts for the kanban view");

    const cases: [string, string][] = [
      ["quickbooks exports", quickbooks], // plural, another order
      ["invoice quickbook", quickbooks], // singular forms
      ["quickboks invoices", quickbooks], // a typo
      ["comment notifcations", notifications], // a typo, another order
      ["notification on comments", notifications],
      ["kanban keybaord", shortcuts], // letters swapped
      ["kanban shortcut", shortcuts],
    ];
    for (const [q, expected] of cases) expect((await search(q)).slice(0, 3), q).toContain(expected);
  });

  it("finds what the issue could not: any word, ranked, not every word", async () => {
    const { post, search } = await world(await h.workspace());
    const ios = await post("Dark mode in the iOS app");
    await post("Export to CSV");
    expect(await search("dark mode for android")).toEqual([ios]);
  });

  it("ranks posts matching more words, rarer words and title words higher", async () => {
    const { post, search } = await world(await h.workspace());
    const all = await post("CSV export of reports");
    const one = await post("Scheduled reports");
    expect(await search("export csv reports")).toEqual([all, one]);

    const billing = await Promise.all([1, 2, 3, 4].map((n) => post(`Billing question ${n}`)));
    const webhook = await post("Webhook retries");
    expect((await search("billing webhook"))[0]).toBe(webhook);
    expect(await search("billing webhook")).toHaveLength(5);
    expect(billing).toHaveLength(4);

    const inBody = await post("Automation ideas", "Maybe through Zapier.");
    const inTitle = await post("Zapier triggers", "Automation ideas.");
    expect(await search("zapier")).toEqual([inTitle, inBody]);
  });

  it("matches the word being typed as a prefix, and folds case and accents", async () => {
    const { post, search } = await world(await h.workspace());
    const sso = await post("Single sign-on with Okta");
    const cafe = await post("Café menu integration");
    expect(await search("okt")).toEqual([sso]);
    expect(await search("ok")).toEqual([]); // under three letters a word being typed is not a prefix
    expect(await search("single sig")).toEqual([sso]);
    expect(await search("CAFE")).toEqual([cafe]);
    expect(await search("sign on")).toEqual([sso]);
  });

  it("finds Japanese, Chinese and Korean text by any part of it", async () => {
    const { post, search } = await world(await h.workspace());
    const ja = await post("ダークモードが欲しい", "アプリの設定で切り替えたい");
    const zh = await post("支持深色模式");
    const ko = await post("다크 모드 지원");
    expect(await search("ダークモード")).toEqual([ja]);
    expect(await search("設定")).toEqual([ja]);
    expect(await search("深色模式")).toEqual([zh]);
    expect(await search("모드")).toEqual([ko]);
    expect(await search("ライトモード")).toEqual([]);
  });

  it("keeps board, status and privacy filters, and never shows a private board to the portal", async () => {
    const ws = await h.workspace();
    const { key, post, search } = await world(ws);
    const secret = await createBoard({ ctx: ws.ctx, input: { name: "Internal", visibility: "private" } });
    const shown = await post("Roadmap export for customers");
    const hidden = await post("Roadmap export for the board meeting", "", secret.id);
    expect((await search("roadmap export")).sort()).toEqual([shown, hidden].sort());
    expect(await search("roadmap export", `&boardId=${secret.id}`)).toEqual([hidden]);

    const portal = await h.call("GET", "/v1/portal/posts?q=roadmap%20meeting", { headers: ws.customer() });
    expect(portal.body.data.map((p: { id: string }) => p.id)).toEqual([shown]);
    const similar = await h.call("GET", `/p/${ws.slug}/similar?q=board%20meeting%20roadmap`);
    expect(JSON.stringify(similar.body)).not.toContain("board meeting");

    const closed = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { category: string }) => s.category === "closed").id;
    await h.call("PATCH", `/v1/posts/${shown}`, { key, json: { statusId: closed } });
    expect(await search("roadmap", "&status=closed")).toEqual([shown]);
    expect(await search("roadmap", "&status=open")).toEqual([hidden]);
  });

  it("follows edits, merges, deletes and restores", async () => {
    const { key, post, search } = await world(await h.workspace());
    const a = await post("Offline mode for the mobile app");
    const b = await post("Offline support on phones");
    expect((await search("offline")).sort()).toEqual([a, b].sort());

    await h.call("PATCH", `/v1/posts/${a}`, { key, json: { title: "Airplane mode for the mobile app" } });
    expect(await search("offline")).toEqual([b]);
    expect(await search("airplane")).toEqual([a]);

    await h.call("POST", `/v1/posts/${b}/merge`, { key, json: { into: a } });
    expect(await search("offline phones")).toEqual([]);

    await h.call("DELETE", `/v1/posts/${a}`, { key });
    expect(await search("airplane")).toEqual([]);
    await h.call("POST", `/v1/posts/${a}/restore`, { key });
    expect(await search("airplane")).toEqual([a]);
  });

  it("pages by relevance without skipping or repeating, and refuses relevance without q", async () => {
    const ws = await h.workspace();
    const { key, post } = await world(ws);
    const ids = [];
    for (let n = 0; n < 7; n++) ids.push(await post(`Calendar sync ${"again ".repeat(n)}`, n % 2 ? "calendar" : ""));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.call("GET", `/v1/posts?q=calendar&limit=2${cursor ? `&cursor=${cursor}` : ""}`, { key });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((p: { id: string }) => p.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(ids.sort());

    const first = await h.call("GET", "/v1/posts?q=calendar&limit=2", { key });
    const other = await h.call("GET", `/v1/posts?q=sync&limit=2&cursor=${first.body.nextCursor}`, { key });
    expect(other.status).toBe(400);
    const bare = await h.call("GET", "/v1/posts?sort=relevance", { key });
    expect(bare.status).toBe(400);
    expect(bare.body.errors[0]).toMatchObject({ pointer: "/query/sort" });

    const counts = await h.call("GET", "/v1/posts/status-counts?q=calendar", { key });
    expect(counts.body.data.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(7);
  });

  it("pages hundreds of matches in exactly the order of ranking them all, with filters, across workspaces", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    // Another workspace's matches share the index: they must take no place on this one's pages.
    await seedWorkspace(h.database.db, other.ctx.workspace, { posts: 300, votes: 300, seed: 5 });
    await seedWorkspace(h.database.db, ws.ctx.workspace, { posts: 900, votes: 900, boards: 3, seed: 29 });
    const { key } = await world(ws);
    const boardId = (await h.call("GET", "/v1/boards", { key })).body.data[1].id as string;
    const { scoredPosts, prepareSearch } = await import("../query.js");
    const { sql } = await import("kysely");
    for (const [q, filter] of [
      ["csv export", ""],
      ["slack notifications admins", `&boardId=${boardId}`],
      ["dashboard", "&status=open"],
    ] as const) {
      // The reference: every match ranked at once, the filters applied, ties by id.
      const search = (await prepareSearch(h.database.db, h.database.dialect, ws.id, q))!;
      const scored = sql<{ post_id: string; score: number }>`(${scoredPosts(h.database.dialect, ws.id, search)})`.as("r");
      let reference = h.database.db
        .selectFrom(scored)
        .innerJoin("posts as p", "p.id", "r.post_id")
        .innerJoin("statuses as s", "s.id", "p.status_id")
        .select("r.post_id")
        .where("p.deleted_at", "is", null)
        .where("p.merged_into_id", "is", null);
      if (filter.startsWith("&boardId")) reference = reference.where("p.board_id", "=", boardId);
      if (filter === "&status=open") reference = reference.where("s.category", "=", "open");
      const expected = (await reference.orderBy("r.score", "desc").orderBy("r.post_id", "desc").execute()).map((r) => r.post_id);
      // Past the first 200 best matches, or (filtered) mostly outside them: the widening is exercised.
      expect(expected.length, q).toBeGreaterThan(filter ? 20 : 150);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await h.call("GET", `/v1/posts?q=${encodeURIComponent(q)}&limit=37${filter}${cursor ? `&cursor=${cursor}` : ""}`, { key });
        expect(res.status).toBe(200);
        seen.push(...res.body.data.map((p: { id: string }) => p.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen, q).toEqual(expected);
    }
  });
});

describe("posts like another", () => {
  it("lists the posts most like one, private boards included, and marks likely duplicates", async () => {
    const ws = await h.workspace();
    const { key, post } = await world(ws);
    const secret = await createBoard({ ctx: ws.ctx, input: { name: "Internal", visibility: "private" } });
    const original = await post("Export invoices as CSV");
    const duplicate = await post("CSV export of invoices");
    const related = await post("Invoices in the mobile app");
    const hidden = await post("Exporting invoices to CSV for accounting and tax reports", "", secret.id);
    await post("Dark mode");

    const res = await h.call("GET", `/v1/posts/${original}/similar`, { key });
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    const found = res.body.data.map((p: { id: string; similarity: number; possibleDuplicate: boolean }) => [p.id, p.similarity, p.possibleDuplicate]);
    expect(found).toEqual([
      [duplicate, 1, true],
      [hidden, 1, false],
    ]);
    expect(res.body.data[0]).toMatchObject({ title: "CSV export of invoices", boardId: expect.any(String), voteCount: 0, status: { category: "open" } });
    expect(found.map((f: unknown[]) => f[0])).not.toContain(related);

    const one = await h.call("GET", `/v1/posts/${original}/similar?limit=1`, { key });
    expect(one.body.data).toHaveLength(1);
    expect((await h.call("GET", `/v1/posts/${original}/similar?limit=21`, { key })).status).toBe(400);
    await h.call("POST", `/v1/posts/${duplicate}/merge`, { key, json: { into: original } });
    const afterMerge = await h.call("GET", `/v1/posts/${original}/similar`, { key });
    expect(afterMerge.body.data.map((p: { id: string }) => p.id)).toEqual([hidden]);
  });

  it("forgives the portal's typed typos as the team's search does, and still suggests only public, approved ideas", async () => {
    const ws = await h.workspace();
    const { key, post, search } = await world(ws);
    const secret = await createBoard({ ctx: ws.ctx, input: { name: "Internal", visibility: "private" } });
    const excel = await post("Export reports to Excel (.xlsx)");
    await post("Export budgets to Excel for the board", "", secret.id);
    await post("Dark mode in the iOS app");
    // An end user's idea waiting for approval is nobody's to see but the team's.
    expect((await h.call("PATCH", "/v1/workspace", { key, json: { moderation: "all" } })).status).toBe(200);
    const ann = await ws.identify("ann");
    const held = await h.call("POST", "/v1/portal/posts", {
      headers: ws.customer(ann.token),
      json: { boardId: await ws.boardId(), title: "Excel export of reports" },
    });
    expect(held.body.heldForApproval).toBe(true);
    const similar = async (q: string) => ((await h.call("GET", `/p/${ws.slug}/similar?q=${encodeURIComponent(q)}`)).body as { id: string }[]).map((p) => p.id);

    // "exel" is one letter from "excel" (their trigrams alone are too few alike): the team's search
    // corrects it, so the idea is found by that word alone, and the likeness counts it as said.
    expect(await search("exel")).toContain(excel);
    expect(await similar("Export to exel spreadsheet")).toEqual([excel]);
    expect(await similar("exel spreadsheet")).toEqual([excel]);
    expect(await similar("Quarterly invoices by post")).toEqual([]);
    expect(await similar("Dark mode")).not.toContain(excel);
  });

  it("offers the portal's similar public ideas as a title is typed, with what a vote needs", async () => {
    const ws = await h.workspace();
    const { post } = await world(ws);
    const secret = await createBoard({ ctx: ws.ctx, input: { name: "Internal", visibility: "private" } });
    const shown = await post("Dark mode in the iOS app");
    await post("Dark mode for the board deck", "", secret.id);
    const similar = await h.call("GET", `/p/${ws.slug}/similar?q=${encodeURIComponent("dark mode for andr")}`);
    expect(similar.body).toEqual([
      { id: shown, title: "Dark mode in the iOS app", url: expect.stringContaining(`/posts/${shown}`), votes: "0 votes", voteCount: 0, viewerHasVoted: false },
    ]);
  });
});
