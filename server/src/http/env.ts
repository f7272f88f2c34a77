import type { Ctx, Services } from "../core/context.js";
import type { Caller, KeyKind } from "./credentials.js";

/** What middleware leaves on the Hono context for the next layer. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    /** Set by the auth middleware on every authenticated `/v1` request. */
    ctx: Ctx;
    /** Who is calling, per kind of key asked about (credentials.ts); unset outside /v1. */
    callers?: Partial<Record<KeyKind, Caller>>;
    /** Whether the request's Origin may read the answer (CORS), once it was decided. */
    originAllowed?: boolean;
  };
}
