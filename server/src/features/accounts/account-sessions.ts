import type { z } from "@hono/zod-openapi";
import { isoAt, nowMs } from "../../platform/lib/clock.js";
import type { SessionEntrySchema, SwitchWorkspaceSchema } from "./schema.js";
import { HeedError, notFound } from "../../platform/errors.js";
import type { AccountCtx } from "../../http/credentials/account-context.js";
import { describeSession, membershipsOf, type SessionView } from "./describe.js";
import { SESSION_IDLE_MS } from "../../http/credentials/team-sessions.js";

// What a signed-in person does with their own sessions: read the current one, switch workspace,
// list the live ones, end one, end all.

export type SessionEntryView = z.output<typeof SessionEntrySchema>;

export async function getSession({ ctx }: { ctx: AccountCtx }): Promise<SessionView> {
  return describeSession(ctx.services.db, ctx.session);
}

/** Makes another of the account's workspaces the one its requests act in. */
export async function switchWorkspace({ ctx, input }: { ctx: AccountCtx; input: z.output<typeof SwitchWorkspaceSchema> }): Promise<SessionView> {
  const memberships = await membershipsOf(ctx.services.db, ctx.session.accountId);
  if (!memberships.some((m) => m.id === input.currentWorkspaceId)) {
    throw new HeedError("not_a_member", "This account is not a member of that workspace.");
  }
  await ctx.services.db.updateTable("sessions").set({ workspace_id: input.currentWorkspaceId }).where("id", "=", ctx.session.id).execute();
  return describeSession(ctx.services.db, { ...ctx.session, workspaceId: input.currentWorkspaceId });
}

/** The account's live sessions, newest first (an account has a handful; no paging needed beyond 100). */
export async function listSessions({ ctx }: { ctx: AccountCtx }): Promise<{ data: SessionEntryView[] }> {
  const now = nowMs();
  const rows = await ctx.services.db
    .selectFrom("sessions")
    .selectAll()
    .where("account_id", "=", ctx.session.accountId)
    .where("expires_at", ">", isoAt(now))
    .where("last_seen_at", ">", isoAt(now - SESSION_IDLE_MS))
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return {
    data: rows.map((r) => ({
      id: r.id,
      current: r.id === ctx.session.id,
      userAgent: r.user_agent,
      ip: r.ip,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      expiresAt: r.expires_at,
    })),
  };
}

/** Ends one of the account's sessions (another device, or this one: signing out). */
export async function revokeSession({ ctx, input }: { ctx: AccountCtx; input: { id: string } }): Promise<void> {
  const result = await ctx.services.db.deleteFrom("sessions").where("account_id", "=", ctx.session.accountId).where("id", "=", input.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("session", input.id);
}

/** Ends this session: signing out. */
export async function signOut({ ctx }: { ctx: AccountCtx }): Promise<void> {
  await ctx.services.db.deleteFrom("sessions").where("id", "=", ctx.session.id).execute();
}

/** Ends every session of the account, this one included: "sign out everywhere". */
export async function revokeAllSessions({ ctx }: { ctx: AccountCtx }): Promise<void> {
  await ctx.services.db.deleteFrom("sessions").where("account_id", "=", ctx.session.accountId).execute();
}
