import { describe, expect, it } from "vitest";
import { isoAt, nowMs } from "../../../platform/lib/clock.js";
import { newId } from "../../../platform/lib/ids.js";
import { makeUsers } from "../../../../test/support/users.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

async function newPost(ws: TestWorkspace, key: string): Promise<string> {
  return (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Vote on me" } })).body.id;
}

async function counts(postId: string) {
  const db = h.database.db;
  const post = await db.selectFrom("posts").select(["vote_count", "trending_count"]).where("id", "=", postId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("votes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("post_id", "=", postId)
    .executeTakeFirstOrThrow();
  return { voteCount: post.vote_count, trending: post.trending_count, rows: Number(rows.n) };
}

describe("votes", () => {
  it("adds a vote once, lists the voter with their company, and removes it", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = await newPost(ws, key);
    const companyId = newId("company");
    await h.database.db
      .insertInto("companies")
      .values({
        id: companyId,
        workspace_id: ws.id,
        external_id: "acme",
        name: "Acme",
        monthly_spend: 1250,
        created_at: isoAt(nowMs()),
        updated_at: isoAt(nowMs()),
      })
      .execute();
    const [userId] = await makeUsers(h.database.db, ws.id, 1, companyId);

    const first = await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      userId,
      user: { id: userId, company: { id: companyId, name: "Acme", monthlySpend: 1250 } },
      createdBy: expect.stringMatching(/^key_/),
    });
    const again = await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
    expect(again.status).toBe(200);
    expect(again.body.createdAt).toBe(first.body.createdAt);
    expect(await counts(postId)).toEqual({ voteCount: 1, trending: 1, rows: 1 });
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.voteCount).toBe(1);

    const voters = await h.call("GET", `/v1/posts/${postId}/votes`, { key });
    expect(voters.body).toEqual({ data: [first.body], nextCursor: null });

    expect((await h.call("DELETE", `/v1/posts/${postId}/votes/${userId}`, { key })).status).toBe(204);
    expect(await counts(postId)).toEqual({ voteCount: 0, trending: 0, rows: 0 });
    expect((await h.call("DELETE", `/v1/posts/${postId}/votes/${userId}`, { key })).status).toBe(404);

    const events = await h.database.db
      .selectFrom("outbox")
      .select(["type", "data"])
      .where("workspace_id", "=", ws.id)
      .where("type", "like", "vote.%")
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.type)).toEqual(["vote.created", "vote.deleted"]);
    expect(JSON.parse(events[0]!.data)).toMatchObject({ postId, userId, voteCount: 1 });
  });

  it("keeps the count equal to the rows under concurrent and repeated votes", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = await newPost(ws, key);
    const users = await makeUsers(h.database.db, ws.id, 50);
    // Every user votes twice at once: 100 concurrent requests, 50 votes.
    const answers = await Promise.all([...users, ...users].map((userId) => h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } })));
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    expect(await counts(postId)).toEqual({ voteCount: 50, trending: 50, rows: 50 });

    // Half of them withdraw at once, some twice.
    const leaving = users.slice(0, 25);
    const removals = await Promise.all([...leaving, ...leaving.slice(0, 5)].map((userId) => h.call("DELETE", `/v1/posts/${postId}/votes/${userId}`, { key })));
    expect(removals.filter((r) => r.status === 204)).toHaveLength(25);
    expect(removals.filter((r) => r.status === 404)).toHaveLength(5);
    expect(await counts(postId)).toEqual({ voteCount: 25, trending: 25, rows: 25 });
    const created = await h.database.db.selectFrom("outbox").select("id").where("workspace_id", "=", ws.id).where("type", "=", "vote.created").execute();
    expect(created).toHaveLength(50);
  });

  it("refuses unknown, foreign and deleted users, and votes on merged or deleted posts", async () => {
    const ws = await h.workspace();
    const other = await h.workspace();
    const key = await ws.key();
    const postId = await newPost(ws, key);
    const [foreignUser] = await makeUsers(h.database.db, other.id, 1);
    const [gone] = await makeUsers(h.database.db, ws.id, 1);
    await h.database.db
      .updateTable("users")
      .set({ deleted_at: isoAt(nowMs()) })
      .where("id", "=", gone!)
      .execute();

    for (const userId of ["usr_01aaaaaaaaaaaaaaaaaaaaaaaa", foreignUser, gone]) {
      const res = await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].pointer).toBe("/userId");
    }
    const [voter] = await makeUsers(h.database.db, ws.id, 1);
    const canonical = await newPost(ws, key);
    await h.database.db.updateTable("posts").set({ merged_into_id: canonical }).where("id", "=", postId).execute();
    const merged = await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId: voter } });
    expect(merged.status).toBe(409);
    expect(merged.body.mergedInto).toBe(canonical);

    await h.call("DELETE", `/v1/posts/${canonical}`, { key });
    expect((await h.call("POST", `/v1/posts/${canonical}/votes`, { key, json: { userId: voter } })).status).toBe(404);
    expect(await counts(postId)).toEqual({ voteCount: 0, trending: 0, rows: 0 });
  });

  it("walks a post's voters newest first, each exactly once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const postId = await newPost(ws, key);
    const users = await makeUsers(h.database.db, ws.id, 45);
    for (const userId of users) await h.call("POST", `/v1/posts/${postId}/votes`, { key, json: { userId } });
    const seen: { userId: string; createdAt: string }[] = [];
    let cursor: string | null = null;
    do {
      const res = await h.call("GET", `/v1/posts/${postId}/votes?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { key });
      expect(res.status).toBe(200);
      seen.push(...res.body.data);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen.map((v) => v.userId).sort()).toEqual([...users].sort());
    const keys = seen.map((v) => `${v.createdAt} ${v.userId}`);
    expect(keys).toEqual([...keys].sort().reverse());
  });
});
