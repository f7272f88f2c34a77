import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { publishChangelogEntry } from "../../core/changelog/publish.js";
import { unpublishChangelogEntry } from "../../core/changelog/write.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { ChangelogEntrySchema, PublishEntrySchema, entryParam } from "./schemas.js";

const publish = createRoute({
  method: "post",
  path: "/changelog/{id}/publish",
  operationId: "publishChangelogEntry",
  tags: ["Changelog"],
  summary: "Publish or schedule an entry",
  description:
    "Without `at` (or with a past one) the entry publishes now; with a future `at` it is scheduled and publishes itself then, exactly once, whatever the number of server processes and restarts. 409 when published already. Emits `changelog.published` when it publishes. Requires `changelog:write`.",
  security: requiresScope("changelog:write"),
  request: { headers: IdempotencyHeaders, params: entryParam, body: jsonBody(PublishEntrySchema) },
  responses: { 200: jsonContent(ChangelogEntrySchema, "The published or scheduled entry."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

const unpublish = createRoute({
  method: "post",
  path: "/changelog/{id}/unpublish",
  operationId: "unpublishChangelogEntry",
  tags: ["Changelog"],
  summary: "Return an entry to draft",
  description: "Takes a published entry off the public changelog, or cancels a schedule. 409 for a draft. Requires `changelog:write`.",
  security: requiresScope("changelog:write"),
  request: { headers: IdempotencyHeaders, params: entryParam },
  responses: { 200: jsonContent(ChangelogEntrySchema, "The draft."), ...errorResponses({ write: true, extra: ["not_found", "conflict"] }) },
});

export const publishOperations: Operation[] = [
  {
    route: publish,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(publish, async (c) =>
        c.json(await publishChangelogEntry({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, at: c.req.valid("json").at } }), 200),
      ),
  },
  {
    route: unpublish,
    register: (app) => app.openapi(unpublish, async (c) => c.json(await unpublishChangelogEntry({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)),
  },
];
