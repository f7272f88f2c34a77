import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";
import { signedIn } from "../../../../test/support/sessions.js";
import * as postListColumns from "../../../platform/db/migrations/0030_post_list_columns.js";

// A list of posts reads its author's name and its tags from the post's own row (the read model of
// migration 0030, kept by triggers). Whatever changes their source, through any route,
// the columns hold what the source holds once the change commits, on both databases.

const h = useHarness();

/** Every post of the workspace whose kept columns differ from what users, members and tags hold now. */
async function staleColumns(workspaceId: string) {
  const db = h.database.db;
  const posts = await db
    .selectFrom("posts as p")
    .leftJoin("users as u", "u.id", "p.author_id")
    .leftJoin("members as m", "m.id", "p.author_id")
    .select(["p.id", "p.author_id", "p.author_name", "p.author_avatar_url", "p.tags_json", "u.name as user_name", "u.avatar_url", "m.name as member_name"])
    .where("p.workspace_id", "=", workspaceId)
    .execute();
  const tagged = await db
    .selectFrom("post_tags as pt")
    .innerJoin("tags as t", "t.id", "pt.tag_id")
    .select(["pt.post_id", "t.id", "t.name"])
    .where("pt.workspace_id", "=", workspaceId)
    .execute();
  const stale = [];
  for (const p of posts) {
    const member = p.author_id?.startsWith("mem_");
    const tags = tagged
      .filter((t) => t.post_id === p.id)
      .map((t) => ({ id: t.id, name: t.name }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const expected = { name: member ? p.member_name : p.user_name, avatar: member ? null : p.avatar_url, tags };
    const kept = { name: p.author_name, avatar: p.author_avatar_url, tags: JSON.parse(p.tags_json) };
    if (JSON.stringify(expected) !== JSON.stringify(kept)) stale.push({ id: p.id, expected, kept });
  }
  return stale;
}

describe("the columns a list reads from the post", () => {
  it("follow every change of the author and the tags, through the API", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const admin = await signedIn(h, ws, "admin");
    const boardId = await ws.boardId();
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "ada", name: "Ada", avatarUrl: "https://example.com/a.png" } })).body;
    const byUser = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "By a user", authorId: user.id } })).body;
    const byMember = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "By a member", authorId: admin.memberId } })).body;
    const anonymous = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: "By nobody" } })).body;
    expect(byUser.author).toEqual({ type: "user", id: user.id, name: "Ada", avatarUrl: "https://example.com/a.png" });
    expect(byMember.author).toMatchObject({ type: "member", id: admin.memberId, avatarUrl: null });
    expect(anonymous.author).toBeNull();

    const tag = async (name: string) => (await h.call("POST", "/v1/tags", { key, json: { name } })).body.id as string;
    const [beta, alpha] = [await tag("beta"), await tag("alpha")];
    for (const tagId of [beta, alpha]) await h.call("POST", `/v1/posts/${byUser.id}/tags`, { key, json: { tagId } });
    await h.call("POST", `/v1/posts/${byMember.id}/tags`, { key, json: { tagId: beta } });
    await h.call("PATCH", `/v1/tags/${alpha}`, { key, json: { name: "zeta" } });
    // Identifying the user again with a new name and no avatar renames them on their posts.
    await h.call("POST", "/v1/users", { key, json: { externalId: "ada", name: "Ada Lovelace", avatarUrl: null } });
    expect(await staleColumns(ws.id)).toEqual([]);

    const list = async () => (await h.call("GET", "/v1/posts?sort=oldest", { key })).body.data as { id: string; author: unknown; tags: unknown }[];
    const [first, second] = await list();
    expect(first!.author).toEqual({ type: "user", id: user.id, name: "Ada Lovelace", avatarUrl: null });
    expect(first!.tags).toEqual([
      { id: beta, name: "beta" },
      { id: alpha, name: "zeta" },
    ]);
    expect(second!.tags).toEqual([{ id: beta, name: "beta" }]);

    // A deleted tag leaves every post; an erased user leaves a nameless author; a removed member none.
    expect((await h.call("DELETE", `/v1/tags/${beta}`, { key })).status).toBe(204);
    expect((await h.call("POST", `/v1/users/${user.id}/erase`, { key })).status).toBe(200);
    const owner = await signedIn(h, ws, "owner");
    expect((await h.call("DELETE", `/v1/members/${admin.memberId}`, { headers: owner.headers })).status).toBe(204);
    expect(await staleColumns(ws.id)).toEqual([]);
    const [afterUser, afterMember] = await list();
    expect(afterUser!.tags).toEqual([{ id: alpha, name: "zeta" }]);
    expect(afterUser!.author).toMatchObject({ type: "user", id: user.id });
    expect(afterMember!.author).toBeNull();
    expect(afterMember!.tags).toEqual([]);
  });

  it("stay exact while many requests tag the same posts, rename the tags and the author at once", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const boardId = await ws.boardId();
    const posts = await Promise.all(
      [1, 2, 3].map(async (n) => (await h.call("POST", "/v1/posts", { key, json: { boardId, title: `Post ${n}` } })).body.id as string),
    );
    const tags = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map(async (name) => (await h.call("POST", "/v1/tags", { key, json: { name } })).body.id as string),
    );
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "grace", name: "Grace" } })).body.id as string;
    const writes = [
      // Posts by a user written while the user is renamed.
      ...[1, 2, 3, 4, 5, 6].map((n) => () => h.call("POST", "/v1/posts", { key, json: { boardId, title: `By Grace ${n}`, authorId: user } })),
      ...[1, 2, 3].map((n) => () => h.call("POST", "/v1/users", { key, json: { externalId: "grace", name: `Grace ${n}` } })),
      ...posts.flatMap((postId) => tags.map((tagId) => () => h.call("POST", `/v1/posts/${postId}/tags`, { key, json: { tagId } }))),
      ...tags.map((tagId, i) => () => h.call("PATCH", `/v1/tags/${tagId}`, { key, json: { name: `renamed ${5 - i}` } })),
    ];
    const answers = await Promise.all(writes.map((write) => write()));
    expect(answers.filter((a) => a.status >= 300).map((a) => a.body)).toEqual([]);
    expect(await staleColumns(ws.id)).toEqual([]);
    for (const postId of posts) expect((await h.call("GET", `/v1/posts/${postId}`, { key })).body.tags).toHaveLength(tags.length);
  });

  it("are filled from what the database already holds when the migration runs", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const admin = await signedIn(h, ws, "admin");
    const boardId = await ws.boardId();
    const user = (await h.call("POST", "/v1/users", { key, json: { externalId: "lin", name: "Lin", avatarUrl: "https://example.com/l.png" } })).body.id;
    const tagIds = [];
    for (const name of ["b", "a"]) tagIds.push((await h.call("POST", "/v1/tags", { key, json: { name } })).body.id);
    for (const authorId of [user, admin.memberId, undefined]) {
      const post = (await h.call("POST", "/v1/posts", { key, json: { boardId, title: `By ${authorId}`, authorId } })).body.id;
      for (const tagId of tagIds) await h.call("POST", `/v1/posts/${post}/tags`, { key, json: { tagId } });
    }
    const kept = async () =>
      h.database.db
        .selectFrom("posts")
        .select(["id", "author_name", "author_avatar_url", "tags_json"])
        .where("workspace_id", "=", ws.id)
        .orderBy("id")
        .execute();
    const before = await kept();
    expect(before.filter((p) => p.tags_json !== "[]")).toHaveLength(3);
    const asMigrated = h.database.db as unknown as Kysely<unknown>;
    await postListColumns.down(asMigrated);
    await postListColumns.up(asMigrated);
    expect(await kept()).toEqual(before);
    expect(await staleColumns(ws.id)).toEqual([]);
  });
});
