import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { upsertUser } from "../../core/users/upsert.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, jsonBody, jsonContent, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";
import { UpsertUserSchema, UserSchema } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/users",
  operationId: "upsertUser",
  tags: ["End users"],
  summary: "Create or update an end user",
  description:
    "Upsert by `externalId`: creates the end user (201) or updates the fields given (200); fields left out keep their value and `traits` replaces the stored traits. Safe to repeat and to send concurrently. Requires `users:write`.",
  security: requiresScope("users:write"),
  request: { headers: IdempotencyHeaders, body: jsonBody(UpsertUserSchema) },
  responses: {
    200: jsonContent(UserSchema, "The updated end user."),
    201: jsonContent(UserSchema, "The new end user."),
    ...errorResponses({ body: true }),
  },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { user, created } = await upsertUser({ ctx: c.get("ctx"), input: c.req.valid("json") });
    return created ? c.json(user, 201) : c.json(user, 200);
  });
}
