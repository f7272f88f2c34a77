import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listVotes } from "../../core/votes/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, requiresScope, postParam } from "../../http/openapi.js";
import { VoterListSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/posts/{id}/votes",
  operationId: "listVotes",
  tags: ["Votes"],
  summary: "List a post's voters",
  description: "Newest vote first, each with the voter's company and monthly spend. Requires `votes:read`.",
  security: requiresScope("votes:read"),
  request: { params: postParam, query: z.object(PageQuery) },
  responses: { 200: jsonContent(VoterListSchema, "A page of voters."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listVotes({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), postId: c.req.valid("param").id } }), 200));
}
