import type { PortalSession } from "./customer-context.js";
import type { Db } from "../../platform/db/database.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { Tx } from "../../platform/context.js";
import type { CustomerCtx } from "./customer-context.js";
import { mintUserToken } from "./user-token.js";

// A reader's sign-in to a portal (single sign-on, the widget's panel, a mailed link, a guest) is a
// server-side row, and the end-user token in the portal's cookie names it. Reading the token
// checks the row in the same query that reads the end user (context.ts), so a portal page costs
// no lookup of its own for it. Signing out deletes the row; deleting the end user deletes all of
// theirs; a token lives 30 days and a renewal (the widget's panel trading the token in) gives
// another 30, never past 90 days from the sign-in, as the team's sessions end after 90 in all.

/** How long one portal token (and its cookie) lives. */
export const PORTAL_TOKEN_TTL_MS = 30 * 24 * 3_600_000;
/** How long a portal session lives in all, counted from the sign-in, however often renewed. */
export const PORTAL_SESSION_MAX_MS = 90 * 24 * 3_600_000;

/** A portal token and when it expires (the cookie's life). */
export interface PortalSignIn {
  token: string;
  expiresAtMs: number;
}

function tokenFor(ctx: CustomerCtx, userId: string, session: PortalSession): PortalSignIn {
  const { workspace } = ctx.customer;
  const keys = { serverSecret: ctx.services.userTokenSecret, workspaceId: workspace.id, identitySecret: workspace.identitySecret };
  const expiresAtMs = Math.min(nowMs() + PORTAL_TOKEN_TTL_MS, session.expiresAtMs);
  return { token: mintUserToken(keys, userId, expiresAtMs, session.id), expiresAtMs };
}

/** Starts a session for the end user who just signed in, in the sign-in's transaction, and mints its first token. */
export async function startPortalSession(tx: Tx | Db, ctx: CustomerCtx, userId: string): Promise<PortalSignIn> {
  const at = nowMs();
  const session = { id: newId("portalSession"), expiresAtMs: at + PORTAL_SESSION_MAX_MS };
  await tx
    .insertInto("portal_sessions")
    .values({ id: session.id, workspace_id: ctx.workspace.id, user_id: userId, created_at: isoAt(at), expires_at: isoAt(session.expiresAtMs) })
    .execute();
  return tokenFor(ctx, userId, session);
}

/** A new token for a live session: 30 days more, but never past the session's absolute end. */
export function renewPortalSession(ctx: CustomerCtx, userId: string, session: PortalSession): PortalSignIn {
  return tokenFor(ctx, userId, session);
}

/** Signing out: the session ends on the server, so a copy of its cookie opens nothing. */
export async function endPortalSession({ ctx, input }: { ctx: CustomerCtx; input: { sessionId: string } }): Promise<void> {
  await ctx.services.db.deleteFrom("portal_sessions").where("workspace_id", "=", ctx.workspace.id).where("id", "=", input.sessionId).execute();
}

/** Ends every portal session of an end user (deleted, or erased), in the caller's transaction. */
export async function endUserPortalSessions(tx: Tx, workspaceId: string, userId: string): Promise<void> {
  await tx.deleteFrom("portal_sessions").where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
}

/** Deletes the sessions past their absolute end (a job): their tokens are refused already. */
export async function purgeEndedPortalSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom("portal_sessions").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
