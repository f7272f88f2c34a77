import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import type { TagPostSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { checkTags, findPost, toPostViews, type PostView } from "../posts/index.js";

/** The tag to put on or take off, with the post's id from the path. */
type PostTagInput = z.output<typeof TagPostSchema> & { postId: string };

/** Puts a tag on a post; adding a tag the post has is a no-op. A change of the post: `posts:write`, `post.updated`. */
export function addPostTag({ ctx, input }: { ctx: Ctx; input: PostTagInput }): Promise<PostView> {
  return changePostTag(ctx, input, false);
}

/** Takes a tag off a post; one the post does not have is a 404. A change of the post: `posts:write`, `post.updated`. */
export function removePostTag({ ctx, input }: { ctx: Ctx; input: PostTagInput }): Promise<PostView> {
  return changePostTag(ctx, input, true);
}

async function changePostTag(ctx: Ctx, input: PostTagInput, remove: boolean): Promise<PostView> {
  requireScope(ctx.actor.scopes, "posts:write");
  return inTransaction(ctx, async (tx) => {
    const post = await findPost(tx, ctx, input.postId);
    if (!post) throw notFound("post", input.postId);
    let changed: boolean;
    if (remove) {
      const removed = await tx.deleteFrom("post_tags").where("post_id", "=", post.id).where("tag_id", "=", input.tagId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound("tag on this post", input.tagId);
      changed = true;
    } else {
      await checkTags(tx, ctx, [input.tagId], "/tagId");
      const added = await tx
        .insertInto("post_tags")
        .values({ post_id: post.id, tag_id: input.tagId, workspace_id: ctx.workspace.id })
        .onConflict((oc) => oc.columns(["post_id", "tag_id"]).doNothing())
        .executeTakeFirst();
      changed = Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    if (changed) await tx.updateTable("posts").set({ updated_at: nowIso() }).where("id", "=", post.id).execute();
    const [view] = toPostViews(ctx, [(await findPost(tx, ctx, post.id))!]);
    if (changed) {
      await recordChange(tx, ctx, {
        action: remove ? "post.untagged" : "post.tagged",
        objectType: "post",
        objectId: post.id,
        audit: { tagId: input.tagId },
        event: { type: "post.updated", data: view },
      });
    }
    return view!;
  });
}
