import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getPortalRoadmap } from "../../core/portal/roadmap.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, jsonContent } from "../../http/openapi.js";
import { RoadmapQuery, RoadmapSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/portal/roadmap",
  operationId: "getPortalRoadmap",
  tags: ["Portal"],
  summary: "The roadmap",
  description:
    "Public posts grouped by status category (open, active, complete), most voted first; each column's cursor continues on `GET /portal/posts`. Public key only.",
  security: customerSecurity("optional"),
  request: { query: RoadmapQuery },
  responses: { 200: jsonContent(RoadmapSchema, "The roadmap's columns."), ...errorResponses({ customer: { userToken: "optional" } }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getPortalRoadmap({ ctx: customerCtx(c), input: c.req.valid("query") }), 200));
}
