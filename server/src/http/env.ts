import type { Ctx, Services } from "../core/context.js";
import type { Caller } from "./credentials.js";

/** What middleware leaves on the Hono context for the next layer. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated `/v1` request. */
    ctx: Ctx;
    /** Who is calling, as the rate limiter found out; unset outside /v1. */
    caller?: Caller;
    /** Whether the request's Origin may read the answer (CORS), once it was decided. */
    originAllowed?: boolean;
  };
}
