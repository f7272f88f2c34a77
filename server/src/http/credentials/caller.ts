import type { HeedError } from "../../platform/errors.js";
import type { AuthenticatedKey } from "./api-key.js";
import type { PublicWorkspace } from "./public-key.js";
import type { AuthenticatedSession } from "./team-sessions.js";

/**
 * Who is calling with a credential of one kind, decided without throwing: the rate limiter needs
 * the answer before the route runs (a valid key has its own bucket; anyone else counts against
 * their address, bad keys included), and the route's authentication then refuses with the stored
 * reason.
 */
export type Caller =
  | { kind: "secret"; key: AuthenticatedKey }
  | { kind: "session"; session: AuthenticatedSession }
  | { kind: "public"; workspace: PublicWorkspace }
  | { kind: "anonymous"; refusal: HeedError };

/**
 * The two sides a request can present a credential for: the team's (a secret key, or else the
 * dashboard's session cookie) and the customer's (the public key). A route's credential says which
 * it takes (route-security.ts).
 */
export type KeyKind = "secret" | "public";
