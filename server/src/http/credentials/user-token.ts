import { createHmac } from "node:crypto";
import { openPayload, signPayload } from "../../platform/lib/signed-payload.js";
import { HeedError } from "../../platform/errors.js";

// End-user tokens: `heed_ut_<payload>.<mac>`. The payload names the workspace, the end user, the
// expiry and, for the portal's sign-ins, the server-side portal session (portal-sessions.ts) that
// must still exist; identify's short-lived tokens name none. The MAC key is derived from a server
// secret and the workspace's identity secret, so rotating the identity secret signs every end user
// out and a customer holding the identity secret still cannot mint tokens (only prove identities).

const PREFIX = "heed_ut_";

/** How long an end-user token lives unless USER_TOKEN_TTL_SECONDS says otherwise. */
export const DEFAULT_TOKEN_TTL_MS = 3_600_000;

export interface UserTokenKeys {
  /** Server-wide secret shared by every instance through the database. */
  serverSecret: Buffer;
  workspaceId: string;
  identitySecret: string;
}

function mac(keys: UserTokenKeys, payload: string): string {
  const key = createHmac("sha256", keys.serverSecret).update(`heed-user-token\0${keys.identitySecret}`).digest();
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function mintUserToken(keys: UserTokenKeys, userId: string, expiresAtMs: number, sessionId?: string): string {
  const claims = { w: keys.workspaceId, u: userId, e: Math.floor(expiresAtMs / 1000), ...(sessionId ? { s: sessionId } : {}) };
  return PREFIX + signPayload(claims, (payload) => mac(keys, payload));
}

/** What a valid token says: its end user, its expiry, and its portal session if it has one. */
export interface UserTokenClaims {
  userId: string;
  expiresAtMs: number;
  sessionId: string | null;
}

/** The claims of a token, or a 401 for a forged, foreign or expired one. */
export function readUserToken(keys: UserTokenKeys, token: string, nowMs: number): UserTokenClaims {
  const invalid = (why: string) => new HeedError("invalid_user_token", `${why} Identify the user again with POST /v1/identify.`);
  if (!token.startsWith(PREFIX) || token.length > 512) throw invalid("The end-user token is malformed.");
  const claims = openPayload(token.slice(PREFIX.length), (payload) => mac(keys, payload)) as
    | { w?: unknown; u?: unknown; e?: unknown; s?: unknown }
    | null
    | undefined;
  if (
    !claims ||
    claims.w !== keys.workspaceId ||
    typeof claims.u !== "string" ||
    typeof claims.e !== "number" ||
    !["string", "undefined"].includes(typeof claims.s)
  ) {
    throw invalid("The end-user token is not one this workspace issued.");
  }
  if (claims.e * 1000 <= nowMs) throw invalid("The end-user token expired.");
  return { userId: claims.u, expiresAtMs: claims.e * 1000, sessionId: (claims.s as string | undefined) ?? null };
}
