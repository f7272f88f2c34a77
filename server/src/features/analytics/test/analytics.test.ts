import { describe, expect, it } from "vitest";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

// The overview's numbers, on both databases, from data whose times are set: per-week activity,
// top posts, time to first response (median and p90 by nearest rank), status changes, top
// companies; an empty period; and the period's bounds.

const h = useHarness();
const HOUR = 3_600_000;

async function setCreated(table: "posts" | "comments", id: string, at: number) {
  await h.database.db
    .updateTable(table)
    .set({ created_at: new Date(at).toISOString() })
    .where("id", "=", id)
    .execute();
}

async function world(ws: TestWorkspace) {
  const key = await ws.key();
  const boardId = await ws.boardId();
  const statuses = (await h.call("GET", "/v1/statuses", { key })).body.data as { id: string; name: string }[];
  const planned = statuses.find((s) => s.name === "Planned")!.id;
  const company = async (externalId: string, monthlySpend: number) =>
    (await h.call("POST", "/v1/companies", { key, json: { externalId, name: externalId.toUpperCase(), monthlySpend } })).body.id as string;
  const user = async (externalId: string, companyId: string | null) =>
    (await h.call("POST", "/v1/users", { key, json: { externalId, name: externalId, companyId } })).body.id as string;
  const post = async (title: string, authorId?: string) =>
    (await h.call("POST", "/v1/posts", { key, json: { boardId, title, ...(authorId ? { authorId } : {}) } })).body.id as string;
  const vote = (postId: string, userId: string) => h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
  const reply = async (postId: string, body: string) => (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body } })).body.id as string;
  const overview = async (query = "") => {
    const res = await h.call("GET", `/v1/analytics/overview${query}`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  return { key, planned, company, user, post, vote, reply, overview };
}

describe("analytics overview", () => {
  it("counts a period's activity, top posts, first responses, status changes and companies", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const [acme, globex] = [await w.company("acme", 900), await w.company("globex", 5000)];
    const [ann, bob, cid] = [await w.user("ann", acme), await w.user("bob", acme), await w.user("cid", globex)];
    const fast = await w.post("SSO with Okta", ann);
    const slow = await w.post("CSV export", bob);
    const silent = await w.post("Dark mode", cid);
    await w.post("Written by the team");
    for (const u of [ann, bob, cid]) await w.vote(fast, u);
    await w.vote(slow, cid);
    await w.vote(silent, ann);
    // Posted two days ago; answered 2 h and 10 h later; an internal note is no answer.
    const posted = Date.now() - 48 * HOUR;
    for (const id of [fast, slow, silent]) await setCreated("posts", id, posted);
    await setCreated("comments", await w.reply(fast, "On it."), posted + 2 * HOUR);
    await setCreated("comments", await w.reply(slow, "Planned."), posted + 10 * HOUR);
    await h.call("POST", `/v1/posts/${silent}/comments`, { key: w.key, json: { body: "Ask sales", internal: true } });
    for (const id of [fast, slow, silent]) await h.call("POST", `/v1/posts/${id}/status`, { key: w.key, json: { statusId: w.planned } });

    const o = await w.overview();
    expect(o.weeks.length).toBeGreaterThanOrEqual(12);
    const totals = o.weeks.reduce(
      (sum: { posts: number; votes: number; comments: number }, week: { posts: number; votes: number; comments: number }) => ({
        posts: sum.posts + week.posts,
        votes: sum.votes + week.votes,
        comments: sum.comments + week.comments,
      }),
      { posts: 0, votes: 0, comments: 0 },
    );
    expect(totals).toEqual({ posts: 4, votes: 5, comments: 2 });
    expect(o.mostVoted.map((p: { id: string; votesInPeriod: number }) => [p.id, p.votesInPeriod])).toEqual([
      [fast, 3],
      ...[
        [slow, 1],
        [silent, 1],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    ]);
    // fast: voted by Acme and Globex (5,900); slow: Globex (5,000); silent: Acme (900).
    expect(o.highestRevenue.map((p: { id: string; revenue: number }) => [p.id, p.revenue])).toEqual([
      [fast, 5900],
      [slow, 5000],
      [silent, 900],
    ]);
    expect(o.firstResponse).toEqual({ answered: 2, unanswered: 1, medianHours: 2, p90Hours: 10 });
    expect(o.statusChanges).toEqual([{ status: expect.objectContaining({ id: w.planned, name: "Planned" }), posts: 3 }]);
    // Two posts each (Acme: fast and silent; Globex: fast and slow): the larger spend first.
    expect(o.topCompanies).toEqual([
      { id: globex, name: "GLOBEX", monthlySpend: 5000, requests: 2 },
      { id: acme, name: "ACME", monthlySpend: 900, requests: 2 },
    ]);

    // A period before any of it: every week there, and nothing in them.
    const empty = await w.overview("?from=2025-01-06&to=2025-01-26");
    expect(empty.weeks).toEqual([
      { weekStart: "2025-01-06", posts: 0, votes: 0, comments: 0 },
      { weekStart: "2025-01-13", posts: 0, votes: 0, comments: 0 },
      { weekStart: "2025-01-20", posts: 0, votes: 0, comments: 0 },
    ]);
    expect(empty).toMatchObject({ mostVoted: [], highestRevenue: [], statusChanges: [], topCompanies: [] });
    expect(empty.firstResponse).toEqual({ answered: 0, unanswered: 0, medianHours: null, p90Hours: null });
  });

  it("starts each week on Monday, and refuses a period backwards, too long or malformed", async () => {
    const ws = await h.workspace();
    const w = await world(ws);
    const sunday = Date.parse("2026-03-08T23:30:00.000Z");
    const monday = Date.parse("2026-03-09T00:30:00.000Z");
    await setCreated("posts", await w.post("On a Sunday"), sunday);
    await setCreated("posts", await w.post("On a Monday"), monday);
    const o = await w.overview("?from=2026-03-02&to=2026-03-15");
    expect(o.weeks).toEqual([
      { weekStart: "2026-03-02", posts: 1, votes: 0, comments: 0 },
      { weekStart: "2026-03-09", posts: 1, votes: 0, comments: 0 },
    ]);
    for (const query of ["?from=2026-03-10&to=2026-03-01", "?from=2024-01-01&to=2026-01-01", "?from=yesterday"]) {
      expect((await h.call("GET", `/v1/analytics/overview${query}`, { key: w.key })).status, query).toBe(400);
    }
  });
});
