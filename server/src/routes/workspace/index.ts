import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getIdentitySecret, getWorkspace, rotateIdentitySecret, rotatePublicKey, updateWorkspace } from "../../core/workspaces/settings.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, text, IdempotencyHeaders, integer } from "../../http/openapi.js";
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
    allowedOrigins: z
      .array(z.string())
      .openapi({ description: "Browser origins that may call the customer-facing routes (`*`: any). Heed's own portal always may." }),
    portalPostsPerHour: z.number().int().nullable().openapi({ description: "Posts one end user may submit through the portal per hour; null: no cap." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Workspace");

const UpdateWorkspaceSchema = z
  .strictObject({
    name: text().trim().min(1).max(100).optional(),
    portalVisibility: z.enum(["public", "private"]).optional(),
    identityVerification: z.boolean().optional(),
    rateLimitPerMinute: integer(1, 100_000).nullable().optional(),
    allowedOrigins: z
      .array(text().max(300))
      .max(50)
      .optional()
      .openapi({ description: "Replaces the list: origins such as `https://app.example.com` (scheme, host, port), or `*` for any." }),
    portalPostsPerHour: integer(1, 10_000).nullable().optional().openapi({ description: "Null: no cap." }),
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

const IdentitySecretSchema = z
  .object({ identitySecret: z.string().openapi({ description: "Keep it on your server: it signs `userHash` and identity JWTs." }) })
  .openapi("IdentitySecret");

const getSecret = createRoute({
  method: "get",
  path: "/workspace/identity-secret",
  operationId: "getIdentitySecret",
  tags: ["Workspace"],
  summary: "Get the identity secret",
  description: "The secret your server computes `userHash` (hex HMAC-SHA256 of the user id) or signs identity JWTs with. Requires `workspace:write`.",
  security: requiresScope("workspace:write"),
  responses: { 200: jsonContent(IdentitySecretSchema, "The identity secret."), ...errorResponses() },
});

const rotateSecret = createRoute({
  method: "post",
  path: "/workspace/identity-secret/rotate",
  operationId: "rotateIdentitySecret",
  tags: ["Workspace"],
  summary: "Rotate the identity secret",
  description: "At once: proofs made with the old secret are refused and every end-user token stops working. Requires `workspace:write`.",
  security: requiresScope("workspace:write"),
  request: { headers: IdempotencyHeaders },
  responses: { 200: jsonContent(IdentitySecretSchema, "The new identity secret."), ...errorResponses({ write: true }) },
});

const rotateKey = createRoute({
  method: "post",
  path: "/workspace/public-key/rotate",
  operationId: "rotatePublicKey",
  tags: ["Workspace"],
  summary: "Rotate the public key",
  description: "At once: customer-facing calls with the old key get 401. Requires `workspace:write`.",
  security: requiresScope("workspace:write"),
  request: { headers: IdempotencyHeaders },
  responses: { 200: jsonContent(WorkspaceSchema, "The workspace with its new public key."), ...errorResponses({ write: true }) },
});

export const operations: Operation[] = [
  { route: get, register: (app: OpenAPIHono<AppEnv>) => app.openapi(get, async (c) => c.json(await getWorkspace({ ctx: c.get("ctx") }), 200)) },
  { route: update, register: (app) => app.openapi(update, async (c) => c.json(await updateWorkspace({ ctx: c.get("ctx"), input: c.req.valid("json") }), 200)) },
  { route: getSecret, register: (app) => app.openapi(getSecret, async (c) => c.json(await getIdentitySecret({ ctx: c.get("ctx") }), 200)) },
  { route: rotateSecret, register: (app) => app.openapi(rotateSecret, async (c) => c.json(await rotateIdentitySecret({ ctx: c.get("ctx") }), 200)) },
  { route: rotateKey, register: (app) => app.openapi(rotateKey, async (c) => c.json(await rotatePublicKey({ ctx: c.get("ctx") }), 200)) },
];
