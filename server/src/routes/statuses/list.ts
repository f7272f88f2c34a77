import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listStatuses } from "../../core/statuses/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, listOf, requiresScope } from "../../http/openapi.js";
import { StatusSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/statuses",
  operationId: "listStatuses",
  tags: ["Statuses"],
  summary: "List statuses",
  description: "In roadmap order. Every workspace starts with Open, Under review, Planned, In progress, Complete and Closed. Requires `boards:read`.",
  security: requiresScope("boards:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(listOf(StatusSchema, "StatusList"), "A page of statuses."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listStatuses({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
