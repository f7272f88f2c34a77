import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getWorkspace, updateWorkspace } from "../../core/workspaces/settings.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, text, IdempotencyHeaders } from "../../http/openapi.js";
import type { Operation } from "../operation.js";

const WorkspaceSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    publicKey: z.string().openapi({ description: "Sent as `x-service-public-key` by customer-facing code." }),
    portalVisibility: z.enum(["public", "private"]).openapi({ description: "A private portal needs an identified end user to read." }),
    identityVerification: z.boolean().openapi({ description: "When on, `/v1/identify` must carry a `userHash` or a signed JWT." }),
    rateLimitPerMinute: z.number().int().nullable().openapi({ description: "Requests per minute per credential; null for the server default." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Workspace");

const UpdateWorkspaceSchema = z
  .strictObject({
    name: text().trim().min(1).max(100).optional(),
    portalVisibility: z.enum(["public", "private"]).optional(),
    identityVerification: z.boolean().optional(),
    rateLimitPerMinute: z.number().int().min(1).max(100_000).nullable().optional(),
  })
  .openapi("UpdateWorkspace");

const get = createRoute({
  method: "get",
  path: "/workspace",
  operationId: "getWorkspace",
  tags: ["Workspace"],
  summary: "Get the workspace's settings",
  description: "The workspace of the credential. Requires `workspace:read`.",
  security: requiresScope("workspace:read"),
  responses: { 200: jsonContent(WorkspaceSchema, "The workspace."), ...errorResponses() },
});

const update = createRoute({
  method: "patch",
  path: "/workspace",
  operationId: "updateWorkspace",
  tags: ["Workspace"],
  summary: "Update the workspace's settings",
  description: "Name, portal visibility, identity verification, default rate limit. Requires `workspace:write`.",
  security: requiresScope("workspace:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(UpdateWorkspaceSchema) },
  responses: { 200: jsonContent(WorkspaceSchema, "The updated workspace."), ...errorResponses({ body: true }) },
});

export const operations: Operation[] = [
  { route: get, register: (app: OpenAPIHono<AppEnv>) => app.openapi(get, async (c) => c.json(await getWorkspace({ ctx: c.get("ctx") }), 200)) },
  { route: update, register: (app) => app.openapi(update, async (c) => c.json(await updateWorkspace({ ctx: c.get("ctx"), input: c.req.valid("json") }), 200)) },
];
