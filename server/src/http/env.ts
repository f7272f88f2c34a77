import type { Ctx, Services } from "../core/context.js";

/** What middleware leaves on the Hono context for the next layer. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated `/v1` request. */
    ctx: Ctx;
  };
}
