import { OpenAPIHono } from "@hono/zod-openapi";
import { authenticateRoute } from "./auth.js";
import type { AppEnv } from "./env.js";
import { idempotent } from "./idempotency.js";
import { validationHook } from "./validation.js";

/**
 * The /v1 app. Every operation registered on it (`app.openapi(route, handler)`) gets, from its own
 * definition, the same pipeline: authentication with the credential and scope its `security`
 * declares, then validation of its input, then the handler, wrapped for Idempotency-Key when it
 * is a write. So a request is refused 401, 403, 400 in that order, and a key is claimed only for
 * a request that would run.
 */
export class OperationsApp extends OpenAPIHono<AppEnv> {
  constructor() {
    super({ defaultHook: validationHook });
    const register = this.openapi;
    this.openapi = ((route, handler, hook) =>
      register({ ...route, middleware: [authenticateRoute(route)] }, idempotent(route.method, handler), hook)) as typeof register;
  }
}
