import { describe, expect, it } from "vitest";
import { createPost } from "../create.js";
import { refreshTrending } from "../trending.js";
import { isoAt } from "../../../platform/lib/clock.js";
import { newId } from "../../../platform/lib/ids.js";
import { useHarness } from "../../../../test/support/harness.js";

const h = useHarness();
const DAY = 86_400_000;

describe("trending", () => {
  it("ranks by votes of the last 14 days, and the refresh lets old votes age out", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const db = h.database.db;
    const boardId = await ws.boardId();
    const now = Date.now();
    // Votes at these ages (days): `old` was popular long ago, `fresh` is popular now.
    const ages: Record<string, number[]> = { old: [20, 20, 19, 18, 13], fresh: [1, 2, 3], ageing: [13.5, 13.9] };
    const posts: Record<string, string> = {};
    for (const [name, voteAges] of Object.entries(ages)) {
      posts[name] = (await createPost({ ctx: ws.ctx, input: { boardId, title: name } })).id;
      for (const age of voteAges) {
        const userId = newId("user");
        await db
          .insertInto("users")
          .values({
            id: userId,
            workspace_id: ws.id,
            external_id: userId,
            email: null,
            name: null,
            avatar_url: null,
            company_id: null,
            traits: "{}",
            created_at: isoAt(now),
            updated_at: isoAt(now),
            last_seen_at: null,
            deleted_at: null,
          })
          .execute();
        await db
          .insertInto("votes")
          .values({ workspace_id: ws.id, post_id: posts[name]!, user_id: userId, created_by: null, created_at: isoAt(now - age * DAY) })
          .execute();
      }
      // What the vote verbs would have left: every vote counted while it was recent.
      await db.updateTable("posts").set({ vote_count: voteAges.length, trending_count: voteAges.length }).where("id", "=", posts[name]!).execute();
    }
    const order = async (sort: string) => (await h.call("GET", `/v1/posts?sort=${sort}`, { key })).body.data.map((p: { title: string }) => p.title);

    expect(await refreshTrending(db, ws.id, now)).toBe(1); // `old` drops from 5 to 1
    expect(await order("trending")).toEqual(["fresh", "ageing", "old"]);
    expect(await order("votes")).toEqual(["old", "fresh", "ageing"]);

    expect(await refreshTrending(db, ws.id, now + 10 * DAY)).toBe(2); // `old` and `ageing` drop to 0; `fresh` is 11–13 days old
    const counts = await db.selectFrom("posts").select(["title", "trending_count"]).where("workspace_id", "=", ws.id).orderBy("title").execute();
    expect(counts).toEqual([
      { title: "ageing", trending_count: 0 },
      { title: "fresh", trending_count: 3 },
      { title: "old", trending_count: 0 },
    ]);
    expect(await refreshTrending(db, ws.id, now + 10 * DAY)).toBe(0); // nothing left to change
  });
});
