import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { createTag, deleteTag, listTags, updateTag } from "../../core/tags/write.js";
import type { AppEnv } from "../../http/env.js";
import { PageQuery, errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import type { Operation } from "../operation.js";
import { CreateTagSchema, TagListSchema, TagSchema, UpdateTagSchema, tagParam } from "./schemas.js";

// The four tag operations are one-liners over their verbs, so they share this file.

const list = createRoute({
  method: "get",
  path: "/tags",
  operationId: "listTags",
  tags: ["Tags"],
  summary: "List tags",
  description: "Alphabetical. Requires `boards:read`.",
  security: requiresScope("boards:read"),
  request: { query: z.object(PageQuery) },
  responses: { 200: jsonContent(TagListSchema, "A page of tags."), ...errorResponses() },
});

const create = createRoute({
  method: "post",
  path: "/tags",
  operationId: "createTag",
  tags: ["Tags"],
  summary: "Create a tag",
  description: "Names are unique in the workspace (409). Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(CreateTagSchema) },
  responses: { 201: jsonContent(TagSchema, "The new tag."), ...errorResponses({ body: true }) },
});

const update = createRoute({
  method: "patch",
  path: "/tags/{id}",
  operationId: "updateTag",
  tags: ["Tags"],
  summary: "Update a tag",
  description: "Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: tagParam, body: jsonBody(UpdateTagSchema) },
  responses: { 200: jsonContent(TagSchema, "The updated tag."), ...errorResponses({ body: true, extra: ["not_found"] }) },
});

const remove = createRoute({
  method: "delete",
  path: "/tags/{id}",
  operationId: "deleteTag",
  tags: ["Tags"],
  summary: "Delete a tag",
  description: "Takes the tag off every post. Requires `boards:write`.",
  security: requiresScope("boards:write"),
  request: { headers: IdempotencyHeaders, params: tagParam },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export const tagOperations: Operation[] = [
  {
    route: list,
    register: (app: OpenAPIHono<AppEnv>) => app.openapi(list, async (c) => c.json(await listTags({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200)),
  },
  { route: create, register: (app) => app.openapi(create, async (c) => c.json(await createTag({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201)) },
  {
    route: update,
    register: (app) =>
      app.openapi(update, async (c) => c.json(await updateTag({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } }), 200)),
  },
  {
    route: remove,
    register: (app) =>
      app.openapi(remove, async (c) => {
        await deleteTag({ ctx: c.get("ctx"), input: c.req.valid("param") });
        return c.body(null, 204);
      }),
  },
];
