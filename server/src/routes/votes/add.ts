import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { addVote } from "../../core/votes/add.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders, postParam } from "../../http/openapi.js";
import { AddVoteSchema, VoterSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/posts/{id}/votes",
  operationId: "addVote",
  tags: ["Votes"],
  summary: "Vote on an end user's behalf",
  description:
    "One vote per user per post: voting again is a no-op that answers 200 with the existing vote (201 when the vote is new). A merged post refuses votes (409). Emits `vote.created` for a new vote. Requires `votes:write`.",
  security: requiresScope("votes:write"),
  request: { headers: IdempotencyHeaders, params: postParam, body: jsonBody(AddVoteSchema) },
  responses: {
    201: jsonContent(VoterSchema, "The new vote."),
    200: jsonContent(VoterSchema, "The user had voted already; nothing changed."),
    ...errorResponses({ body: true, extra: ["not_found", "conflict"] }),
  },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { vote, created } = await addVote({ ctx: c.get("ctx"), input: { postId: c.req.valid("param").id, userId: c.req.valid("json").userId } });
    return created ? c.json(vote, 201) : c.json(vote, 200);
  });
}
