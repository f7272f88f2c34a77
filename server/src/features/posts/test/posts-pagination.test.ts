import { describe, expect, it } from "vitest";
import { createPost } from "../create.js";
import type { PostSort } from "../schema.js";
import { POST_SORTS } from "../schema.js";
import type { PostsTable } from "../../../platform/db/schema.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

type Row = Pick<PostsTable, "id" | "created_at" | "updated_at" | "vote_count" | "trending_count" | "comment_count" | "revenue">;

// The order each sort promises, written independently of the query: value then id, same direction.
const EXPECTED: Record<PostSort, { key: (r: Row) => string | number; desc: boolean }> = {
  newest: { key: (r) => r.created_at, desc: true },
  oldest: { key: (r) => r.created_at, desc: false },
  votes: { key: (r) => r.vote_count, desc: true },
  trending: { key: (r) => r.trending_count, desc: true },
  comments: { key: (r) => r.comment_count, desc: true },
  updated: { key: (r) => r.updated_at, desc: true },
  revenue: { key: (r) => r.revenue, desc: true },
};

function expectedOrder(rows: Row[], sort: PostSort): string[] {
  const { key, desc } = EXPECTED[sort];
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const c = x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return desc ? -c : c;
    })
    .map((r) => r.id);
}

async function walk(key: string, query: string, onPage?: (page: number) => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const res = await h.call("GET", `/v1/posts?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
    expect(res.status).toBe(200);
    seen.push(...res.body.data.map((p: { id: string }) => p.id));
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
    await onPage?.(page);
  }
  throw new Error("walk did not end");
}

/** 53 posts with many ties in every counter, several sharing a millisecond. */
async function postsWithTies(ws: TestWorkspace): Promise<void> {
  const boardId = await ws.boardId();
  for (let i = 0; i < 53; i++) await createPost({ ctx: ws.ctx, input: { boardId, title: `Post ${i}` } });
  const rows = await h.database.db.selectFrom("posts").select("id").where("workspace_id", "=", ws.id).execute();
  for (const [i, r] of rows.entries()) {
    await h.database.db
      .updateTable("posts")
      .set({
        vote_count: (i * 7) % 5,
        trending_count: i % 3,
        comment_count: (i * 11) % 4,
        revenue: ((i * 13) % 6) * 49.5,
        updated_at: `2026-0${1 + (i % 3)}-01T00:00:00.000Z`,
      })
      .where("id", "=", r.id)
      .execute();
  }
}

describe("GET /v1/posts pagination", () => {
  it("walks every post exactly once, in order, for every sort and several limits", async () => {
    const ws = await h.workspace();
    const key = await ws.key(["posts:read"]);
    await postsWithTies(ws);
    const rows = await h.database.db
      .selectFrom("posts")
      .select(["id", "created_at", "updated_at", "vote_count", "trending_count", "comment_count", "revenue"])
      .where("workspace_id", "=", ws.id)
      .execute();
    for (const sort of POST_SORTS) {
      for (const limit of [1, 7, 20, 53, 100]) {
        const ids = await walk(key, `sort=${sort}&limit=${limit}`);
        expect(ids, `${sort} limit ${limit}`).toEqual(expectedOrder(rows, sort));
      }
    }
  });

  it("neither skips nor repeats a post while new posts are inserted during the walk", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    for (let i = 0; i < 30; i++) await createPost({ ctx: ws.ctx, input: { boardId, title: `Before ${i}` } });
    const before = (await h.database.db.selectFrom("posts").select("id").where("workspace_id", "=", ws.id).execute()).map((r) => r.id);

    const insertTwo = async () => {
      for (let i = 0; i < 2; i++) await h.call("POST", "/v1/posts", { key, json: { boardId, title: "During the walk" } });
    };
    const newest = await walk(key, "sort=newest&limit=4", insertTwo);
    expect(new Set(newest).size).toBe(newest.length);
    expect([...newest].sort()).toEqual([...before].sort()); // inserts land before the cursor: not shown
    expect(newest).toEqual([...newest].sort().reverse());

    const oldest = await walk(key, "sort=oldest&limit=4", insertTwo);
    expect(new Set(oldest).size).toBe(oldest.length);
    expect(oldest.slice(0, before.length)).toEqual([...before].sort()); // every old post, in order, first
    expect(oldest).toEqual([...oldest].sort()); // then the inserted ones, still in order
    expect(oldest.length).toBeGreaterThan(before.length);
  });

  it("refuses garbage, tampered and foreign cursors with 400", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await postsWithTies(ws);
    const first = await h.call("GET", "/v1/posts?sort=votes&limit=5", { key });
    const cursor: string = first.body.nextCursor;
    expect(cursor).toBeTruthy();

    const [payload, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify(["x", 999, "post_zzz"])).toString("base64url");
    for (const bad of ["garbage", "", `${payload}.AAAA${mac!.slice(4)}`, `${forged}.${mac}`, `${payload}`, `${cursor}.x`, "%00", "😀"]) {
      const res = await h.call("GET", `/v1/posts?sort=votes&limit=5&cursor=${encodeURIComponent(bad)}`, { key });
      expect(res.status, bad).toBe(400);
      expect(res.body.code, bad).toMatch(/invalid_cursor|validation_failed/);
    }
    // The same cursor under another sort, filter or workspace is refused, not reinterpreted.
    for (const query of ["sort=newest", "sort=votes&boardId=brd_01jd8x4y2b3c5d6e7f8g9h0j1k", "sort=votes&q=post"]) {
      const res = await h.call("GET", `/v1/posts?${query}&cursor=${encodeURIComponent(cursor)}`, { key });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("invalid_cursor");
    }
    const other = await h.workspace();
    const foreign = await h.call("GET", `/v1/posts?sort=votes&cursor=${encodeURIComponent(cursor)}`, { key: await other.key() });
    expect(foreign.status).toBe(400);
    // The limit may change between pages.
    expect((await h.call("GET", `/v1/posts?sort=votes&limit=50&cursor=${encodeURIComponent(cursor)}`, { key })).status).toBe(200);
  });

  it("enforces limit 1–100 with a default of 20", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    await postsWithTies(ws);
    expect((await h.call("GET", "/v1/posts", { key })).body.data).toHaveLength(20);
    expect((await h.call("GET", "/v1/posts?limit=100", { key })).body.data).toHaveLength(53);
    for (const limit of ["0", "101", "-1", "1.5", "abc", "", "1e9"]) {
      const res = await h.call("GET", `/v1/posts?limit=${limit}`, { key });
      expect(res.status, limit).toBe(400);
      expect(res.body.errors[0].pointer).toBe("/query/limit");
    }
  });
});
