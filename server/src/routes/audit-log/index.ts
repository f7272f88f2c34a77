import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { listAuditLog } from "../../core/audit/list.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonContent, listOf, requiresScope, text } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { AuditEntrySchema } from "./schemas.js";

const route = createRoute({
  method: "get",
  path: "/audit-log",
  operationId: "listAuditLog",
  tags: ["Audit log"],
  summary: "List the audit log",
  description: "Who (member, API key, end user, system) did what to which object, newest first. Requires `workspace:read`.",
  security: requiresScope("workspace:read"),
  request: {
    query: z.object({
      objectId: text().max(64).optional().openapi({ description: "Only changes of this object." }),
      actorId: text().max(64).optional().openapi({ description: "Only changes by this member or API key." }),
      ...PageQuery,
    }),
  },
  responses: { 200: jsonContent(listOf(AuditEntrySchema, "AuditEntryList"), "A page of the audit log."), ...errorResponses() },
});

export const operations: Operation[] = [
  {
    route,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(route, async (c) => c.json(await listAuditLog({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200)),
  },
];
