import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listPostActivity } from "../../core/posts/activity.js";
import { restorePost } from "../../core/posts/restore.js";
import { changePostStatus } from "../../core/posts/status.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonBody, jsonContent, listOf, orNull, requiresScope, text, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import { ActorSchema, AuditActionSchema } from "../audit-log/schemas.js";
import { CommentSchema } from "../comments/schemas.js";
import type { Operation } from "../operation.js";
import { PostSchema } from "./schemas.js";

// What the dashboard does to one post beyond editing its fields.

const ChangeStatusSchema = z
  .strictObject({
    statusId: text().max(64),
    comment: z
      .strictObject({ body: text().trim().min(1).max(10_000), internal: z.boolean().optional() })
      .nullable()
      .optional()
      .openapi({ description: "Posted with the change (public unless `internal`); needs `comments:write` too." }),
  })
  .openapi("ChangePostStatus");

const ActivitySchema = z
  .object({
    id: z.string(),
    action: AuditActionSchema,
    actor: ActorSchema,
    data: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi("PostActivity");

const status = createRoute({
  method: "post",
  path: "/posts/{id}/status",
  operationId: "changePostStatus",
  tags: ["Posts"],
  summary: "Change a post's status",
  description:
    "Optionally with a comment, in one transaction. Emits `post.status_changed` (and `comment.created`). Requires `posts:write`, and `comments:write` with a comment.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(ChangeStatusSchema) },
  responses: {
    200: jsonContent(z.object({ post: PostSchema, comment: orNull(CommentSchema) }), "The post, and the comment if one was given."),
    ...errorResponses({ body: true, extra: ["not_found"] }),
  },
});

const restore = createRoute({
  method: "post",
  path: "/posts/{id}/restore",
  operationId: "restorePost",
  tags: ["Posts"],
  summary: "Restore a deleted post",
  description: "With its votes and comments. Restoring a post that is not deleted changes nothing. Emits `post.updated`. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam },
  responses: { 200: jsonContent(PostSchema, "The restored post."), ...errorResponses({ write: true, extra: ["not_found"] }) },
});

const activity = createRoute({
  method: "get",
  path: "/posts/{id}/activity",
  operationId: "listPostActivity",
  tags: ["Posts"],
  summary: "A post's activity",
  description: "Every change of the post, oldest first: edits, status changes, votes, tags, merges. Requires `posts:read`.",
  security: requiresScope("posts:read"),
  request: { params: postParam, query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(ActivitySchema, "PostActivityList"), "A page of activity."), ...errorResponses({ extra: ["not_found"] }) },
});

export const postActionOperations: Operation[] = [
  {
    route: status,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(status, async (c) =>
        c.json(await changePostStatus({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), postId: c.req.valid("param").id } }), 200),
      ),
  },
  { route: restore, register: (app) => app.openapi(restore, async (c) => c.json(await restorePost({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)) },
  {
    route: activity,
    register: (app) =>
      app.openapi(activity, async (c) =>
        c.json(await listPostActivity({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), postId: c.req.valid("param").id } }), 200),
      ),
  },
];
