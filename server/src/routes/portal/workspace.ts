import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getPortalWorkspace } from "../../core/portal/workspace.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, jsonContent } from "../../http/openapi.js";
import { PortalWorkspaceSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/portal/workspace",
  operationId: "getPortalWorkspace",
  tags: ["Portal"],
  summary: "The portal's workspace, boards and statuses",
  description: "What a portal needs to draw itself. Public key only.",
  security: customerSecurity("optional"),
  responses: { 200: jsonContent(PortalWorkspaceSchema, "The workspace as the portal shows it."), ...errorResponses({ customer: { userToken: "optional" } }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getPortalWorkspace({ ctx: customerCtx(c) }), 200));
}
