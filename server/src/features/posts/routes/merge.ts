import { z } from "@hono/zod-openapi";
import { mergePost, unmergePost } from "../merge.js";
import { defineOperation } from "../../../http/define-operation.js";
import { postParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { MergePostSchema, PostSchema } from "../schema.js";

export const mergePostOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/merge",
    operationId: "mergePost",
    tag: "Posts",
    summary: "Merge a duplicate into another post",
    description:
      "Votes are pooled (a user who voted on both counts once), comments move, and the duplicate answers with `mergedInto` and leaves lists. 409 when either post is merged already or others are merged into the duplicate. Emits `post.merged`.",
    credential: secretKey("posts:write"),
    params: postParam,
    body: MergePostSchema,
    answer: { status: 200, schema: z.object({ post: PostSchema, into: PostSchema }), description: "The merged duplicate and the canonical post." },
  },
  { verb: mergePost },
);

export const unmergePostOperation = defineOperation(
  {
    method: "post",
    path: "/posts/{id}/unmerge",
    operationId: "unmergePost",
    tag: "Posts",
    summary: "Undo a merge",
    description:
      "Moves back exactly the votes and comments the merge moved, so both posts' counts are what they were (less votes withdrawn since). 409 when the post is not merged. Emits `post.updated` for both posts.",
    credential: secretKey("posts:write"),
    params: postParam,
    answer: { status: 200, schema: z.object({ post: PostSchema, from: PostSchema }), description: "The post, and the post it had been merged into." },
    errors: ["conflict"],
  },
  { verb: unmergePost },
);
