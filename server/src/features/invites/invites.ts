import type { z } from "@hono/zod-openapi";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { InvitesTable } from "../../platform/db/schema.js";
import type { CreateInviteSchema, CreatedInviteSchema, InviteSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireOwnerFor } from "../members/index.js";
import type { Role } from "../../../../packages/shared/src/roles.js";
import { requireScope } from "../../platform/scopes.js";
import { newToken, tokenHash } from "../../http/credentials/session-token.js";
import { inviteMail } from "../../platform/mail/messages.js";
import { INVITE_LIFETIME_MS, inviteUrl } from "./links.js";
import { isPending } from "./pending.js";
import { log } from "../../platform/lib/log.js";

// The team's side of invites: send one, see the pending ones, take one back.

export type InviteView = z.output<typeof InviteSchema>;
export type CreatedInviteView = z.output<typeof CreatedInviteSchema>;

export function toInviteView(row: InvitesTable): InviteView {
  return { id: row.id, email: row.email, role: row.role, invitedBy: row.invited_by, createdAt: row.created_at, expiresAt: row.expires_at };
}

/**
 * A one-time link for `email` to join as `role`, mailed too when SMTP is set up. A newer invite
 * to the same email replaces a pending one; an email that is a member already gets 409.
 */
export async function createInvite({ ctx, input }: { ctx: Ctx; input: z.output<typeof CreateInviteSchema> }): Promise<CreatedInviteView> {
  requireScope(ctx.actor.scopes, "members:write");
  requireOwnerFor(ctx.actor, input.role === "owner");
  const created = await inTransaction(ctx, async (tx) => {
    const member = await tx.selectFrom("members").select("id").where("workspace_id", "=", ctx.workspace.id).where("email", "=", input.email).executeTakeFirst();
    if (member) throw new HeedError("conflict", `${input.email} is a member of this workspace already.`);
    const at = nowMs();
    await tx
      .updateTable("invites")
      .set({ revoked_at: isoAt(at) })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("email", "=", input.email)
      .where((eb) => isPending(eb, isoAt(at)))
      .execute();
    return insertInvite(tx, ctx, { email: input.email, role: input.role }, at);
  });
  // Mailed without waiting: a request with an Idempotency-Key runs in a transaction that commits
  // after this verb returns, and an SMTP server's seconds must not hold the database's write lock.
  // The link is in the answer either way; a failed delivery is logged (platform/mail/mailer.ts).
  const { mailer } = ctx.services;
  if (mailer) {
    const db = reader(ctx);
    const workspace = await db.selectFrom("workspaces").select("name").where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
    const inviter =
      ctx.actor.type === "member" && ctx.actor.id
        ? await db.selectFrom("members").select("name").where("workspace_id", "=", ctx.workspace.id).where("id", "=", ctx.actor.id).executeTakeFirst()
        : undefined;
    const words = {
      to: input.email,
      workspaceName: workspace.name,
      inviter: inviter?.name ?? null,
      role: input.role,
      url: created.inviteUrl,
      expiresAt: created.expiresAt,
    };
    void inviteMail(words)
      .then((mail) => mailer.send(mail))
      .catch((error) => log.error("invite mail not built", { error }));
  }
  const emailed = mailer !== undefined;
  return { ...created, emailed };
}

/** Stores an invite (only its token's hash) with its audit row, and answers its link. */
async function insertInvite(tx: Tx, ctx: Ctx, input: { email: string | null; role: Role }, at: number): Promise<Omit<CreatedInviteView, "emailed">> {
  const token = newToken();
  const row: InvitesTable = {
    id: newId("invite"),
    workspace_id: ctx.workspace.id,
    token_hash: tokenHash(token),
    email: input.email,
    role: input.role,
    invited_by: ctx.actor.type === "member" ? ctx.actor.id : null,
    created_at: isoAt(at),
    expires_at: isoAt(at + INVITE_LIFETIME_MS),
    accepted_at: null,
    revoked_at: null,
  };
  await tx.insertInto("invites").values(row).execute();
  await recordChange(tx, ctx, { action: "invite.created", objectType: "invite", objectId: row.id, audit: { email: row.email, role: row.role } });
  return { ...toInviteView(row), inviteUrl: inviteUrl(ctx.services.publicUrl, token) };
}

/**
 * The first owner's invite, made at first start and printed in the banner: it names no email, so
 * whoever opens it first (the person who started Heed) gives theirs and becomes the owner.
 */
export async function createOwnerSetupInvite(ctx: Ctx): Promise<string> {
  return inTransaction(ctx, async (tx) => (await insertInvite(tx, ctx, { email: null, role: "owner" }, nowMs())).inviteUrl);
}

/** Invites not yet accepted, revoked or expired, newest first (a team has a handful). */
export async function listInvites({ ctx }: { ctx: Ctx }): Promise<{ data: InviteView[] }> {
  requireScope(ctx.actor.scopes, "members:read");
  const rows = await reader(ctx)
    .selectFrom("invites")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .where((eb) => isPending(eb, nowIso()))
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return { data: rows.map(toInviteView) };
}

/** The link stops working at once. */
export async function revokeInvite({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "members:write");
  await inTransaction(ctx, async (tx) => {
    const row = await tx
      .selectFrom("invites")
      .selectAll()
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.id)
      .where((eb) => isPending(eb, nowIso()))
      .executeTakeFirst();
    if (!row) throw notFound("pending invite", input.id);
    requireOwnerFor(ctx.actor, row.role === "owner");
    await tx.updateTable("invites").set({ revoked_at: nowIso() }).where("id", "=", row.id).execute();
    await recordChange(tx, ctx, { action: "invite.revoked", objectType: "invite", objectId: row.id, audit: { email: row.email, role: row.role } });
  });
}
