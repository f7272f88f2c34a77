import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { identify } from "../../core/customers/identify.js";
import { customerCtx } from "../../http/auth.js";
import type { AppEnv } from "../../http/env.js";
import { customerSecurity, errorResponses, IdempotencyHeaders, jsonBody, jsonContent } from "../../http/openapi.js";
import { IdentifyResultSchema, IdentifySchema, readIdentityClaims } from "./schemas.js";

export const route = createRoute({
  method: "post",
  path: "/identify",
  operationId: "identify",
  tags: ["Customer side"],
  summary: "Identify an end user",
  description:
    "Creates or updates the end user by your own user id (and their company), and answers a short-lived end-user token for portal writes. " +
    "With identity verification on, send `userHash` or a signed JWT as `token`: nobody can act as another user with only the public key. Emits `user.identified`. Public key only.",
  security: customerSecurity("none"),
  request: { headers: IdempotencyHeaders, body: jsonBody(IdentifySchema) },
  responses: {
    200: jsonContent(IdentifyResultSchema, "The end user and their token."),
    ...errorResponses({ customer: { userToken: "none" }, body: true, extra: ["identity_not_verified"] }),
  },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { token, userHash, userId, ...fields } = c.req.valid("json");
    const input = token !== undefined ? { token } : { fields: { userId: userId!, ...fields }, userHash };
    return c.json(await identify({ ctx: customerCtx(c), input, readClaims: readIdentityClaims }), 200);
  });
}
