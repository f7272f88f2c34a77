import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { deleteUser } from "../../core/users/delete.js";
import type { AppEnv } from "../../http/env.js";
import { errorResponses, idParam, requiresScope, IdempotencyHeaders } from "../../http/openapi.js";

export const route = createRoute({
  method: "delete",
  path: "/users/{id}",
  operationId: "deleteUser",
  tags: ["End users"],
  summary: "Delete an end user",
  description:
    "Anonymises the person: email, name, avatar, traits and company are erased and `externalId` becomes `deleted:<id>`, so the same externalId can be used again for a new end user. Their votes and comments stay. The end user answers 404 afterwards. Requires `users:write`.",
  security: requiresScope("users:write"),
  request: { headers: IdempotencyHeaders, params: idParam("usr", "end user") },
  responses: { 204: { description: "Deleted." }, ...errorResponses({ write: true, extra: ["not_found"] }) },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    await deleteUser({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  });
}
