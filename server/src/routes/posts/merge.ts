import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { mergePost, unmergePost } from "../../core/posts/merge.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, text, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { PostSchema } from "./schemas.js";

const merge = createRoute({
  method: "post",
  path: "/posts/{id}/merge",
  operationId: "mergePost",
  tags: ["Posts"],
  summary: "Merge a duplicate into another post",
  description:
    "Votes are pooled (a user who voted on both counts once), comments move, and the duplicate answers with `mergedInto` and leaves lists. 409 when either post is merged already or others are merged into the duplicate. Emits `post.merged`. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: {
    headers: IdempotencyHeaders,
    params: postParam,
    body: jsonBody(z.strictObject({ into: text().max(64).openapi({ description: "The canonical post." }) }).openapi("MergePost")),
  },
  responses: {
    200: jsonContent(z.object({ post: PostSchema, into: PostSchema }), "The merged duplicate and the canonical post."),
    ...errorResponses({ body: true, extra: ["not_found"] }),
  },
});

const unmerge = createRoute({
  method: "post",
  path: "/posts/{id}/unmerge",
  operationId: "unmergePost",
  tags: ["Posts"],
  summary: "Undo a merge",
  description:
    "Moves back exactly the votes and comments the merge moved, so both posts' counts are what they were (less votes withdrawn since). 409 when the post is not merged. Emits `post.updated` for both posts. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam },
  responses: {
    200: jsonContent(z.object({ post: PostSchema, from: PostSchema }), "The post, and the post it had been merged into."),
    ...errorResponses({ write: true, extra: ["not_found", "conflict"] }),
  },
});

export const mergeOperations: Operation[] = [
  {
    route: merge,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(merge, async (c) =>
        c.json(await mergePost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, into: c.req.valid("json").into } }), 200),
      ),
  },
  { route: unmerge, register: (app) => app.openapi(unmerge, async (c) => c.json(await unmergePost({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)) },
];
