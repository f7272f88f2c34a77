import type { Context } from "hono";
import { HeedError } from "../../platform/errors.js";
import { ROLE_SCOPES, type Role } from "../../../../packages/shared/src/roles.js";
import type { WorkspaceRef } from "../../platform/context.js";
import type { AuthenticatedSession } from "./team-sessions.js";
import type { AppEnv } from "../env.js";
import { isSameOrigin } from "./browser-origin.js";
import { safeEqual } from "../../platform/lib/secret-keys.js";

// What a dashboard session may do on a request: in which workspace, as which member, with which
// scopes, and whether a write really comes from Heed's own pages.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write made with the session cookie must carry the session's CSRF token in `x-csrf-token` and a
 * same-origin `Origin`. A cross-site form post carries neither (SameSite=Lax already keeps the
 * cookie off it in current browsers; this holds for older ones and same-site attackers too).
 */
export function checkCsrf(c: Context<AppEnv>, session: AuthenticatedSession): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const token = c.req.header("x-csrf-token");
  if (!token || !safeEqual(token, session.csrfToken)) {
    throw new HeedError("csrf_failed", "A write with the session cookie needs the session's CSRF token in `x-csrf-token` (GET /v1/auth/session).");
  }
  if (!isSameOrigin(c)) throw new HeedError("csrf_failed", "A write with the session cookie must come from this server's own pages (Origin).");
}

export interface SessionMember {
  workspace: WorkspaceRef;
  memberId: string;
  role: Role;
  scopes: (typeof ROLE_SCOPES)[Role];
}

/**
 * The member the session acts as: in the workspace `x-heed-workspace` names (id or slug), else the
 * session's current one, else the account's first. An account that is no member there gets 403,
 * and so does a session without a second factor in a workspace that requires one.
 */
export async function sessionMember(c: Context<AppEnv>, session: AuthenticatedSession): Promise<SessionMember> {
  const named = c.req.header("x-heed-workspace")?.trim();
  let query = c
    .get("services")
    .db.selectFrom("members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["m.id", "m.role", "w.id as workspaceId", "w.slug", "w.require_two_factor"])
    .where("m.account_id", "=", session.accountId);
  if (named) query = query.where((eb) => eb.or([eb("w.id", "=", named), eb("w.slug", "=", named)]));
  else if (session.workspaceId) query = query.where("w.id", "=", session.workspaceId);
  const row = await query.orderBy("m.created_at").limit(1).executeTakeFirst();
  if (!row) throw new HeedError("not_a_member", "This account is not a member of that workspace.");
  // A workspace that requires a second factor opens only to sessions that passed one; the account's
  // own routes (turning two-factor on among them) stay open, so nobody is locked out.
  if (row.require_two_factor === 1 && session.secondFactor === null) {
    throw new HeedError(
      "two_factor_setup_required",
      "This workspace requires two-factor sign-in: turn it on under Settings, Your sessions (POST /v1/auth/two-factor/enrol), or sign in again with your code.",
    );
  }
  return { workspace: { id: row.workspaceId, slug: row.slug }, memberId: row.id, role: row.role, scopes: ROLE_SCOPES[row.role] };
}
