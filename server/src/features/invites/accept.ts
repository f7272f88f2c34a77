import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { Db } from "../../platform/db/database.js";
import type { AcceptInviteSchema, InvitePreviewSchema } from "./schema.js";
import { hashPassword, verifyPassword } from "../accounts/index.js";
import { checkSecondFactor, type SecondFactor } from "../accounts/index.js";
import { recordChange } from "../../platform/changes/record.js";
import type { Services } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { describeSession, type SessionView } from "../accounts/index.js";
import { type RequestMeta, startSession } from "../../http/credentials/team-sessions.js";
import { isWellFormedToken, tokenHash } from "../../http/credentials/session-token.js";
import { isPending, isPendingRow } from "./pending.js";

// The invited person's side: see what the link is for, then join (creating the account when the
// email has none) and be signed in.

export type InvitePreviewView = z.output<typeof InvitePreviewSchema>;

const unusable = () => new HeedError("not_found", "This invite link is unknown, used, revoked or expired.");

async function pendingInvite(db: Db, token: string) {
  if (!isWellFormedToken(token)) throw unusable();
  const row = await db
    .selectFrom("invites as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .selectAll("i")
    .select(["w.name as workspaceName", "w.slug as workspaceSlug"])
    .where("i.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || !isPendingRow(row, nowIso())) throw unusable();
  return row;
}

export async function getInvite({ services, input }: { services: Services; input: { token: string } }): Promise<InvitePreviewView> {
  const row = await pendingInvite(services.db, input.token);
  return { workspace: { name: row.workspaceName, slug: row.workspaceSlug }, email: row.email, role: row.role, expiresAt: row.expires_at };
}

/**
 * Joins the invite's workspace and signs in. A new email gets an account with this password; an
 * email that has an account must give that account's password, so an invite link can never take
 * over someone's account.
 */
export async function acceptInvite({
  services,
  input,
  meta,
}: {
  services: Services;
  input: z.output<typeof AcceptInviteSchema> & { token: string };
  meta: RequestMeta;
}): Promise<{ token: string; answer: SessionView }> {
  const invite = await pendingInvite(services.db, input.token);
  if (invite.email && input.email && input.email !== invite.email) {
    throw new HeedError("validation_failed", "This invite is for another email.", {
      errors: [{ pointer: "/email", code: "invalid", detail: `The invite is for ${invite.email}.` }],
    });
  }
  const email = invite.email ?? input.email;
  if (!email) {
    throw new HeedError("validation_failed", "This invite names no email: give yours.", {
      errors: [{ pointer: "/email", code: "required", detail: "Required for this invite." }],
    });
  }
  const existing = await services.db.selectFrom("accounts").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirst();
  if (existing && !(await verifyPassword(input.password, existing.password_hash))) {
    throw new HeedError("invalid_credential", "This email has an account already: enter its password to join.");
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  const at = nowIso();
  let secondFactor: SecondFactor | null = null;
  const accountId = await services.db.transaction().execute(async (tx) => {
    // An existing account with two-factor sign-in gives its code too: a forwarded invite and a
    // known password must not sign anyone in past it. Refused, the invite stays unused.
    if (existing) secondFactor = await checkSecondFactor(tx, existing.id, input);
    // Claimed first, by a conditional update: two accepts of one link cannot both join.
    const claimed = await tx
      .updateTable("invites")
      .set({ accepted_at: at })
      .where("id", "=", invite.id)
      .where((eb) => isPending(eb, at))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw unusable();
    const id = existing?.id ?? newId("account");
    if (!existing)
      await tx.insertInto("accounts").values({ id, email, name: input.name, password_hash: passwordHash, created_at: at, updated_at: at }).execute();
    const member = await tx.selectFrom("members").select("id").where("workspace_id", "=", invite.workspace_id).where("account_id", "=", id).executeTakeFirst();
    if (member) throw new HeedError("conflict", "This account is a member of the workspace already: sign in.");
    const memberId = newId("member");
    await tx
      .insertInto("members")
      .values({ id: memberId, workspace_id: invite.workspace_id, account_id: id, email, name: input.name, role: invite.role, created_at: at, updated_at: at })
      .execute();
    const ctx = {
      workspace: { id: invite.workspace_id, slug: invite.workspaceSlug },
      actor: { type: "member" as const, id: memberId, scopes: [] },
      requestId: null,
    };
    await recordChange(tx, ctx, {
      action: "member.joined",
      objectType: "member",
      objectId: memberId,
      audit: { email, role: invite.role, inviteId: invite.id },
    });
    return id;
  });
  const { token, session } = await startSession(services.db, accountId, invite.workspace_id, meta, secondFactor);
  return { token, answer: await describeSession(services.db, session) };
}
