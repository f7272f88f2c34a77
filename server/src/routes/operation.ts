import type { OpenAPIHono, RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.js";

/** What every operation file exports: its route definition and how it registers itself. */
export interface Operation {
  route: RouteConfig;
  register(app: OpenAPIHono<AppEnv>): void;
}
