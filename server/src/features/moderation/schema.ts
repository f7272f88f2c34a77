import { z } from "@hono/zod-openapi";
import { idOf } from "../../platform/fields.js";

const decision = z.enum(["approve", "reject"]).openapi({
  description:
    "`approve`: it appears, and is announced as if just written (its `post.created` or `comment.created` event, notifications, duplicate check). `reject`: it is deleted, unannounced.",
});

const ids = (prefix: "post" | "cmt") => z.array(idOf(prefix)).min(1).max(100);

export const ModeratePostsSchema = z.strictObject({ ids: ids("post"), decision }).openapi("ModeratePosts");
export const ModerateCommentsSchema = z.strictObject({ ids: ids("cmt"), decision }).openapi("ModerateComments");

export const ModerationResultSchema = z
  .object({
    decided: z.number().int().openapi({ description: "How many were waiting and are now decided (an id decided already the same way is left as it is)." }),
  })
  .openapi("ModerationResult");
