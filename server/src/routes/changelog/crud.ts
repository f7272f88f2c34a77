import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { getChangelogEntry, listChangelog } from "../../core/changelog/list.js";
import { createChangelogEntry, deleteChangelogEntry, updateChangelogEntry } from "../../core/changelog/write.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonBody, jsonContent, listOf, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { ChangelogEntrySchema, CreateEntrySchema, UpdateEntrySchema, entryParam } from "./schemas.js";

const list = createRoute({
  method: "get",
  path: "/changelog",
  operationId: "listChangelog",
  tags: ["Changelog"],
  summary: "List changelog entries",
  description: "Newest first, drafts and scheduled entries included unless `state` filters. Requires `changelog:read`.",
  security: requiresScope("changelog:read"),
  request: { query: z.object({ state: z.enum(["draft", "scheduled", "published"]).optional(), ...PageQuery }) },
  responses: { 200: jsonContent(listOf(ChangelogEntrySchema, "ChangelogEntryList"), "A page of entries."), ...errorResponses() },
});

const get = createRoute({
  method: "get",
  path: "/changelog/{id}",
  operationId: "getChangelogEntry",
  tags: ["Changelog"],
  summary: "Get a changelog entry",
  description: "Requires `changelog:read`.",
  security: requiresScope("changelog:read"),
  request: { params: entryParam },
  responses: { 200: jsonContent(ChangelogEntrySchema, "The entry."), ...errorResponses({ extra: ["not_found"] }) },
});

const create = createRoute({
  method: "post",
  path: "/changelog",
  operationId: "createChangelogEntry",
  tags: ["Changelog"],
  summary: "Write a changelog entry",
  description: "A new entry is a draft; publish it with `POST /changelog/{id}/publish`. Requires `changelog:write`.",
  security: requiresScope("changelog:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateEntrySchema) },
  responses: { 201: jsonContent(ChangelogEntrySchema, "The draft."), ...errorResponses({ body: true }) },
});

const update = createRoute({
  method: "patch",
  path: "/changelog/{id}",
  operationId: "updateChangelogEntry",
  tags: ["Changelog"],
  summary: "Update a changelog entry",
  description: "`postIds` replaces the linked posts. Requires `changelog:write`.",
  security: requiresScope("changelog:write"),
  request: { headers: IdempotencyHeaders, params: entryParam, body: jsonBody(UpdateEntrySchema) },
  responses: { 200: jsonContent(ChangelogEntrySchema, "The entry."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

const remove = createRoute({
  method: "delete",
  path: "/changelog/{id}",
  operationId: "deleteChangelogEntry",
  tags: ["Changelog"],
  summary: "Delete a changelog entry",
  description: "Requires `changelog:write`.",
  security: requiresScope("changelog:write"),
  request: { headers: IdempotencyHeaders, params: entryParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export const entryOperations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) =>
      app.openapi(list, async (c) => c.json(await listChangelog({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200)),
  },
  { route: get, register: (app) => app.openapi(get, async (c) => c.json(await getChangelogEntry({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200)) },
  {
    route: create,
    register: (app) => app.openapi(create, async (c) => c.json(await createChangelogEntry({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201)),
  },
  {
    route: update,
    register: (app) =>
      app.openapi(update, async (c) =>
        c.json(await updateChangelogEntry({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200),
      ),
  },
  {
    route: remove,
    register: (app) =>
      app.openapi(remove, async (c) => {
        await deleteChangelogEntry({ ctx: c.get("ctx"), input: c.req.valid("param") });
        return c.body(null, 204);
      }),
  },
];
