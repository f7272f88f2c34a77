import type { Services } from "../../platform/context.js";
import type { AuthenticatedSession } from "./team-sessions.js";

/** Who acts on their own account (sign-out, their sessions, switching workspace): no workspace needed. */
export interface AccountCtx {
  services: Services;
  session: AuthenticatedSession;
  requestId: string | null;
}
