import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { addPostTag, removePostTag } from "../../core/posts/tagging.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { PostSchema } from "../posts/schemas.js";
import { TagPostSchema, postTagParams } from "./schemas.js";

const add = createRoute({
  method: "post",
  path: "/posts/{id}/tags",
  operationId: "addPostTag",
  tags: ["Tags"],
  summary: "Tag a post",
  description: "Adding a tag the post has changes nothing. Emits `post.updated`. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(TagPostSchema) },
  responses: { 200: jsonContent(PostSchema, "The post with its tags."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

const remove = createRoute({
  method: "delete",
  path: "/posts/{id}/tags/{tagId}",
  operationId: "removePostTag",
  tags: ["Tags"],
  summary: "Untag a post",
  description: "404 when the post does not have the tag. Emits `post.updated`. Requires `posts:write`.",
  security: requiresScope("posts:write"),
  request: { headers: IdempotencyHeaders, params: postTagParams },
  responses: { 204: { description: "Removed." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export const postTagOperations: Operation[] = [
  {
    route: add,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(add, async (c) =>
        c.json(await addPostTag({ ctx: c.get("ctx"), input: { postId: c.req.valid("param").id, tagId: c.req.valid("json").tagId } }), 200),
      ),
  },
  {
    route: remove,
    register: (app) =>
      app.openapi(remove, async (c) => {
        const { id, tagId } = c.req.valid("param");
        await removePostTag({ ctx: c.get("ctx"), input: { postId: id, tagId } });
        return c.body(null, 204);
      }),
  },
];
