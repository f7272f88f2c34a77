import { describe, expect, it } from "vitest";
import { makeUsers } from "../../../../test/support/users.js";
import { signedIn } from "../../../../test/support/sessions.js";
import { makeMembers } from "../../../../test/support/members.js";
import { useHarness, type TestWorkspace } from "../../../../test/support/harness.js";

const h = useHarness();

async function setup(): Promise<{ ws: TestWorkspace; key: string; postId: string }> {
  const ws = await h.workspace();
  const key = await ws.key();
  const postId = (await h.call("POST", "/v1/posts", { key, json: { boardId: await ws.boardId(), title: "Discuss me" } })).body.id;
  return { ws, key, postId };
}

const commentCount = async (postId: string) =>
  (await h.database.db.selectFrom("posts").select("comment_count").where("id", "=", postId).executeTakeFirstOrThrow()).comment_count;

describe("comments", () => {
  it("creates public and internal comments and replies; the post counts only public ones", async () => {
    const { ws, key, postId } = await setup();
    const [userId] = await makeUsers(h.database.db, ws.id, 1);
    const top = await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Love it", authorId: userId } });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({ postId, parentId: null, body: "Love it", internal: false, author: { type: "user", id: userId } });
    const note = await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Big customer, prioritise", internal: true } });
    const reply = await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Thanks!", parentId: top.body.id } });
    expect(reply.body.parentId).toBe(top.body.id);
    expect(await commentCount(postId)).toBe(2);
    expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.commentCount).toBe(2);

    const all = await h.call("GET", `/v1/posts/${postId}/comments`, { key });
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([top.body.id, note.body.id, reply.body.id]);
    const internalOnly = await h.call("GET", `/v1/posts/${postId}/comments?internal=true`, { key });
    expect(internalOnly.body.data.map((c: { id: string }) => c.id)).toEqual([note.body.id]);
    const publicOnly = await h.call("GET", `/v1/posts/${postId}/comments?internal=false`, { key });
    expect(publicOnly.body.data).toHaveLength(2);
    expect((await h.call("GET", `/v1/comments/${note.body.id}`, { key })).body).toEqual(note.body);
  });

  it("names the signed-in member as the author of what they write in the dashboard; a key's comment stays the team's", async () => {
    const { ws, key, postId } = await setup();
    const member = await signedIn(h, ws, "member");
    const name = (await h.call("GET", "/v1/members/assignable", { key })).body.data.find((m: { id: string }) => m.id === member.memberId).name;
    const mine = await h.call("POST", `/v1/posts/${postId}/comments`, { headers: member.headers, json: { body: "Looking into it", internal: true } });
    expect(mine.status).toBe(201);
    expect(mine.body.author).toEqual({ type: "member", id: member.memberId, name, avatarUrl: null });
    // A status change's comment is theirs too.
    const statusId = (await h.call("GET", "/v1/statuses", { key })).body.data.find((s: { name: string }) => s.name === "Planned").id;
    const changed = await h.call("POST", `/v1/posts/${postId}/status`, { headers: member.headers, json: { statusId, comment: { body: "On the plan" } } });
    expect(changed.status).toBe(200);
    expect(changed.body.comment.author).toMatchObject({ type: "member", id: member.memberId });
    // `authorId: null` writes as the team; a key with no `authorId` has no member to name.
    const asTeam = await h.call("POST", `/v1/posts/${postId}/comments`, { headers: member.headers, json: { body: "From all of us", authorId: null } });
    expect(asTeam.body.author).toBeNull();
    expect((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "By the integration" } })).body.author).toBeNull();
    // Signed in, a member writes as themselves, never as a teammate (a key may name any member).
    const [teammate] = await makeMembers(h.database.db, ws.id, ["owner"]);
    for (const path of [`/v1/posts/${postId}/comments`, "/v1/posts"]) {
      const json =
        path === "/v1/posts" ? { boardId: await ws.boardId(), title: "As the owner", authorId: teammate } : { body: "As the owner", authorId: teammate };
      const posing = await h.call("POST", path, { headers: member.headers, json });
      expect([posing.status, posing.body.errors?.[0]?.pointer], path).toEqual([400, "/authorId"]);
    }
    const own = await h.call("POST", `/v1/posts/${postId}/comments`, { headers: member.headers, json: { body: "Me again", authorId: member.memberId } });
    expect(own.body.author).toMatchObject({ type: "member", id: member.memberId });
    expect((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Synced", authorId: teammate } })).body.author).toMatchObject({
      id: teammate,
    });
    // The portal shows the member's name with a Team badge.
    const page = await fetch(`${h.url}/p/${ws.slug}/posts/${postId}`);
    const html = await page.text();
    expect(html).not.toContain("Looking into it"); // internal
    expect(html).toContain(`<strong>${name}</strong> <span class="badge">Team</span>`);
  });

  it("keeps replies one level deep and internal under internal", async () => {
    const { key, postId } = await setup();
    const top = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Top" } })).body;
    const reply = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Reply", parentId: top.id } })).body;
    const nested = await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Too deep", parentId: reply.id } });
    expect(nested.status).toBe(400);
    expect(nested.body.errors[0].pointer).toBe("/parentId");

    const note = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Note", internal: true } })).body;
    const leak = await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Public reply to a note", parentId: note.id } });
    expect(leak.status).toBe(400);
    expect(leak.body.errors[0].pointer).toBe("/internal");
    expect((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Internal reply", parentId: note.id, internal: true } })).status).toBe(
      201,
    );

    const otherPost = (
      await h.call("POST", "/v1/posts", { key, json: { boardId: (await h.call("GET", `/v1/posts/${postId}`, { key })).body.boardId, title: "Other" } })
    ).body.id;
    const crossPost = await h.call("POST", `/v1/posts/${otherPost}/comments`, { key, json: { body: "Wrong thread", parentId: top.id } });
    expect(crossPost.status).toBe(400);
    expect(await commentCount(postId)).toBe(2);
  });

  it("keeps a thread's visibility when comments are edited: hiding a comment hides its replies, a reply under a note stays internal", async () => {
    const { ws, key, postId } = await setup();
    const top = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Top" } })).body;
    const replies = [];
    for (const body of ["One", "Two"]) replies.push((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body, parentId: top.id } })).body);
    expect(await commentCount(postId)).toBe(3);

    const hidden = await h.call("PATCH", `/v1/comments/${top.id}`, { key, json: { internal: true } });
    expect(hidden.body.internal).toBe(true);
    for (const reply of replies) expect((await h.call("GET", `/v1/comments/${reply.id}`, { key })).body.internal).toBe(true);
    expect(await commentCount(postId)).toBe(0);
    const portal = await h.call("GET", `/v1/portal/posts/${postId}/comments`, { headers: ws.customer() });
    expect(portal.body.data).toEqual([]);

    const leak = await h.call("PATCH", `/v1/comments/${replies[0].id}`, { key, json: { internal: false } });
    expect(leak.status).toBe(400);
    expect(leak.body.errors[0].pointer).toBe("/internal");
    expect(await commentCount(postId)).toBe(0);

    // Making the thread public again shows its top comment; replies come back one by one.
    await h.call("PATCH", `/v1/comments/${top.id}`, { key, json: { internal: false } });
    expect((await h.call("PATCH", `/v1/comments/${replies[0].id}`, { key, json: { internal: false } })).status).toBe(200);
    expect(await commentCount(postId)).toBe(2);
  });

  it("updates, moves between public and internal, and deletes, keeping the count right", async () => {
    const { ws, key, postId } = await setup();
    const c = (await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Draft" } })).body;
    expect(await commentCount(postId)).toBe(1);
    const edited = await h.call("PATCH", `/v1/comments/${c.id}`, { key, json: { body: "Final" } });
    expect(edited.body).toMatchObject({ body: "Final", internal: false });
    await h.call("PATCH", `/v1/comments/${c.id}`, { key, json: { internal: true } });
    expect(await commentCount(postId)).toBe(0);
    await h.call("PATCH", `/v1/comments/${c.id}`, { key, json: { internal: true } });
    expect(await commentCount(postId)).toBe(0);
    await h.call("PATCH", `/v1/comments/${c.id}`, { key, json: { internal: false } });
    expect(await commentCount(postId)).toBe(1);
    expect((await h.call("DELETE", `/v1/comments/${c.id}`, { key })).status).toBe(204);
    expect(await commentCount(postId)).toBe(0);
    expect((await h.call("GET", `/v1/comments/${c.id}`, { key })).status).toBe(404);
    expect((await h.call("DELETE", `/v1/comments/${c.id}`, { key })).status).toBe(404);

    const events = await h.database.db
      .selectFrom("outbox")
      .select("type")
      .where("workspace_id", "=", ws.id)
      .where("type", "like", "comment.%")
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.type)).toEqual([
      "comment.created",
      "comment.updated",
      "comment.updated",
      "comment.updated",
      "comment.updated",
      "comment.deleted",
    ]);
  });

  it("lets the team comment on a locked post, and refuses comments on deleted posts", async () => {
    const { key, postId } = await setup();
    await h.call("PATCH", `/v1/posts/${postId}`, { key, json: { commentsLocked: true } });
    expect((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Team update" } })).status).toBe(201);
    await h.call("DELETE", `/v1/posts/${postId}`, { key });
    expect((await h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: "Too late" } })).status).toBe(404);
    expect((await h.call("GET", `/v1/posts/${postId}/comments`, { key })).status).toBe(404);
  });

  it("keeps the count exact under concurrent comments", async () => {
    const { key, postId } = await setup();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => h.call("POST", `/v1/posts/${postId}/comments`, { key, json: { body: `Comment ${i}`, internal: i % 4 === 0 } })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await commentCount(postId)).toBe(30);
  });
});
