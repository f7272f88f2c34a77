import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { getUser } from "../../core/users/get.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, jsonContent, requiresScope } from "../../http/openapi.js";
import { UserSchema } from "./schemas.js";

export const route = createRoute({
  method: "get",
  path: "/users/{id}",
  operationId: "getUser",
  tags: ["End users"],
  summary: "Get an end user",
  description: "A deleted end user answers 404. Requires `users:read`.",
  security: requiresScope("users:read"),
  request: { params: idParam("usr", "end user") },
  responses: { 200: jsonContent(UserSchema, "The end user."), ...errorResponses({ extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => c.json(await getUser({ ctx: c.get("ctx"), input: c.req.valid("param") }), 200));
}
