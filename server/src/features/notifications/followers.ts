import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx, type Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { notFound } from "../../platform/errors.js";
import { namedEndUser } from "../../platform/end-users.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import type { FollowReason } from "./kinds.js";
import { followPostAs, unfollowPostAs } from "./follow-post.js";
import type { FollowerSchema } from "./schema.js";

// A post's followers, read and changed by the team on an end user's behalf: scoped like votes,
// since following is what voting does too.

export type FollowerView = z.output<typeof FollowerSchema>;

/** The post, live, in this workspace (posts are read here directly: the posts feature announces to this one). */
export async function livePost(db: Db | Tx, ctx: Pick<Ctx, "workspace">, postId: string): Promise<{ id: string; title: string }> {
  const post = await db
    .selectFrom("posts")
    .select(["id", "title"])
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", postId)
    .where("deleted_at", "is", null)
    // One waiting for approval is not there yet to follow (features/moderation).
    .where("held", "=", 0)
    .executeTakeFirst();
  if (!post) throw notFound("post", postId);
  return post;
}

function selectFollowers(db: Db | Tx, workspaceId: string) {
  return db
    .selectFrom("post_followers as f")
    .leftJoin("users as u", (join) => join.onRef("u.id", "=", "f.follower_id").on("u.workspace_id", "=", workspaceId))
    .leftJoin("members as m", (join) => join.onRef("m.id", "=", "f.follower_id").on("m.workspace_id", "=", workspaceId))
    .select(["f.follower_id", "f.reason", "f.created_at", "u.name as user_name", "m.name as member_name"])
    .where("f.workspace_id", "=", workspaceId);
}

function toFollowerView(row: { follower_id: string; reason: string; created_at: string; user_name: string | null; member_name: string | null }): FollowerView {
  const member = row.follower_id.startsWith("mem_");
  return {
    id: row.follower_id,
    type: member ? "member" : "user",
    name: (member ? row.member_name : row.user_name) ?? null,
    reason: row.reason as FollowReason,
    createdAt: row.created_at,
  };
}

/** Who follows the post, end users and members, earliest first. */
export async function listPostFollowers({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<FollowerView>> {
  requireScope(ctx.actor.scopes, "votes:read");
  const db = reader(ctx);
  const post = await livePost(db, ctx, input.postId);
  return keysetPage(ctx, {
    key: `followers:${ctx.workspace.id}:${post.id}`,
    input,
    query: selectFollowers(db, ctx.workspace.id).where("f.post_id", "=", post.id),
    order: { by: ["f.created_at", "f.follower_id"], kinds: ["string", "string"], direction: "asc" },
    shape: (rows) => rows.map(toFollowerView),
  });
}

/** An end user follows the post from now on; `created` is false when they already did. */
export async function addPostFollower({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { postId: string; userId: string };
}): Promise<{ follower: FollowerView; created: boolean }> {
  requireScope(ctx.actor.scopes, "votes:write");
  return inTransaction(ctx, async (tx) => {
    const post = await livePost(tx, ctx, input.postId);
    const user = await namedEndUser(tx, ctx, input.userId);
    const before = await tx.selectFrom("post_followers").select("post_id").where("post_id", "=", post.id).where("follower_id", "=", user.id).executeTakeFirst();
    if (!before) {
      await followPostAs(tx, ctx.workspace.id, post.id, user.id, "followed");
      await recordChange(tx, ctx, { action: "post.followed", objectType: "post", objectId: post.id, audit: { followerId: user.id } });
    }
    const row = await selectFollowers(tx, ctx.workspace.id).where("f.post_id", "=", post.id).where("f.follower_id", "=", user.id).executeTakeFirstOrThrow();
    return { follower: toFollowerView(row), created: !before };
  });
}

/** The end user stops following; 404 when they did not follow. They follow again if they vote or comment later. */
export async function removePostFollower({ ctx, input }: { ctx: Ctx; input: { postId: string; userId: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "votes:write");
  await inTransaction(ctx, async (tx) => {
    const post = await livePost(tx, ctx, input.postId);
    if (!(await unfollowPostAs(tx, ctx.workspace.id, post.id, input.userId))) throw notFound("follower", input.userId);
    await recordChange(tx, ctx, { action: "post.unfollowed", objectType: "post", objectId: post.id, audit: { followerId: input.userId } });
  });
}
