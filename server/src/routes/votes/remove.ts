import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { removeVote } from "../../core/votes/remove.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { voteParams } from "./schemas.js";

export const route = createRoute({
  method: "delete",
  path: "/posts/{id}/votes/{userId}",
  operationId: "removeVote",
  tags: ["Votes"],
  summary: "Remove a user's vote",
  description: "404 when the user has no vote on the post. Emits `vote.deleted`. Requires `votes:write`.",
  security: requiresScope("votes:write"),
  request: { headers: IdempotencyHeaders, params: voteParams },
  responses: { 204: { description: "Removed." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { id, userId } = c.req.valid("param");
    await removeVote({ ctx: c.get("ctx"), input: { postId: id, userId } });
    return c.body(null, 204);
  });
}
