import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listPortalChangelog } from "../../core/portal/changelog.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, jsonContent, PageQuery } from "../../http/openapi.js";
import { PortalChangelogListSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/portal/changelog",
  operationId: "listPortalChangelog",
  tags: ["Portal"],
  summary: "The public changelog",
  description: "Published entries only, most recently published first. Public key only.",
  security: customerSecurity("optional"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(PortalChangelogListSchema, "A page of entries."), ...errorResponses({ customer: { userToken: "optional" } }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listPortalChangelog({ ctx: customerCtx(c), input: c.req.valid("query") }), 200));
}
