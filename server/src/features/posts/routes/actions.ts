import { z } from "@hono/zod-openapi";
import { listPostActivity } from "../activity.js";
import { restorePost } from "../restore.js";
import { changePostStatus } from "../status.js";
import { defineOperation } from "../../../http/define-operation.js";
import { orNull, PageQuery, postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { CommentSchema } from "../../comments/index.js";
import { ChangePostStatusSchema, notifiedField, PostActivityListSchema, PostSchema } from "../schema.js";

// What the dashboard does to one post beyond editing its fields.

export const changePostStatusOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/status",
    operationId: "changePostStatus",
    tag: "Posts",
    summary: "Change a post's status",
    description:
      "Optionally with a comment, in one transaction. Emits `post.status_changed` (and `comment.created`), and mails the post's followers (`followerCount` of them, fewer when a changelog entry told them it shipped) unless `notify` is `false`; `notified` says how many it mails. With a comment, the key needs `comments:write` too.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: ChangePostStatusSchema,
    answer: {
      status: 200,
      schema: z.object({ post: PostSchema, comment: orNull(CommentSchema), notified: notifiedField }),
      description: "The post, the comment if one was given, and how many the change mails.",
    },
  },
  { verb: changePostStatus, idAs: "postId" },
);

export const restorePostOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/restore",
    operationId: "restorePost",
    tag: "Posts",
    summary: "Restore a deleted post",
    description: "With its votes and comments. Restoring a post that is not deleted changes nothing. Emits `post.updated`.",
    credential: secretKey("posts:write"),
    params: postParam,
    answer: { status: 200, schema: PostSchema, description: "The restored post." },
  },
  { verb: restorePost },
);

export const listPostActivityOperation = defineOperation(
  {
    method: "get",
    path: "/posts/{id}/activity",
    operationId: "listPostActivity",
    tag: "Posts",
    summary: "A post's activity",
    description: "Every change of the post, oldest first: edits, status changes, votes, tags, merges.",
    credential: secretKey("posts:read"),
    params: postParam,
    query: z.object(PageQuery),
    answer: { status: 200, schema: PostActivityListSchema, description: "A page of activity." },
  },
  { verb: listPostActivity, idAs: "postId" },
);
