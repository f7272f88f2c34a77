import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { listUsers } from "../../core/users/list.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonContent, requiresScope } from "../../http/openapi.js";
import { ListUsersQuery, UserListSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/users",
  operationId: "listUsers",
  tags: ["End users"],
  summary: "List end users",
  description: "Newest first. Keyset-paginated: follow `nextCursor` until it is `null`. Deleted end users are left out. Requires `users:read`.",
  security: requiresScope("users:read"),
  request: { query: ListUsersQuery },
  responses: { 200: jsonContent(UserListSchema, "A page of end users."), ...errorResponses() },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await listUsers({ ctx: c.get("ctx"), input: c.req.valid("query") }), 200));
}
