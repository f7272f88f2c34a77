import type { z } from "@hono/zod-openapi";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { Db } from "../../platform/db/database.js";
import { passwordResetMail } from "../../platform/mail/messages.js";
import type { PasswordResetLinkSchema, PasswordResetPreviewSchema, ResetPasswordSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Services, type Tx } from "../../platform/context.js";
import { HeedError, notFound } from "../../platform/errors.js";
import { requireOwnerFor } from "../members/index.js";
import { requireScope } from "../../platform/scopes.js";
import { describeSession, type SessionView } from "./describe.js";
import { type RequestMeta, startSession } from "../../http/credentials/team-sessions.js";
import { isWellFormedToken, newToken, tokenHash } from "../../http/credentials/session-token.js";
import { hashPassword } from "./password.js";
import { checkSecondFactor } from "./two-factor.js";

// Setting a forgotten password through a one-time link: mailed on request when SMTP is set up,
// or made by an owner to pass on by hand. Using the link ends every session of the account.

/** A mailed link lives an hour; one an owner hands over, a day. */
const MAILED_LIFETIME_MS = 3_600_000;
const HANDED_LIFETIME_MS = 24 * 3_600_000;

export type PasswordResetLinkView = z.output<typeof PasswordResetLinkSchema>;

function resetUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, "")}/app/reset/${token}`;
}

async function issueReset(db: Db | Tx, accountId: string, lifetimeMs: number): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const at = nowMs();
  const expiresAt = isoAt(at + lifetimeMs);
  await db
    .insertInto("password_resets")
    .values({ id: newId("passwordReset"), account_id: accountId, token_hash: tokenHash(token), created_at: isoAt(at), expires_at: expiresAt, used_at: null })
    .execute();
  return { token, expiresAt };
}

/**
 * Mails a link when the email has an account and mail is set up; otherwise does nothing. The
 * caller learns neither, so the route cannot tell which emails exist.
 */
export async function requestPasswordReset({ services, input }: { services: Services; input: { email: string } }): Promise<void> {
  if (!services.mailer) return;
  const account = await services.db.selectFrom("accounts").select("id").where("email", "=", input.email).executeTakeFirst();
  if (!account) return;
  const { token, expiresAt } = await issueReset(services.db, account.id, MAILED_LIFETIME_MS);
  // Not awaited: waiting for the SMTP server would make a known email answer slower than an
  // unknown one. The mailer logs a failure; it never throws.
  void services.mailer.send(passwordResetMail({ to: input.email, url: resetUrl(services.publicUrl, token), expiresAt }));
}

/**
 * An owner makes a link for a member of their workspace, to hand over. A link sets the password of
 * the whole account, so it takes full access (an owner's session, or a full-access key, which only
 * owners and the operator can mint) and is refused for an account that is a member of any other
 * workspace too: its owners there did not agree.
 */
export async function createPasswordResetLink({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<PasswordResetLinkView> {
  requireScope(ctx.actor.scopes, "*");
  requireOwnerFor(ctx.actor, true);
  return inTransaction(ctx, async (tx) => {
    const member = await tx
      .selectFrom("members")
      .select(["id", "account_id"])
      .where("workspace_id", "=", ctx.workspace.id)
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!member?.account_id) throw notFound("member", input.id);
    const elsewhere = await tx
      .selectFrom("members")
      .select("id")
      .where("account_id", "=", member.account_id)
      .where("workspace_id", "<>", ctx.workspace.id)
      .executeTakeFirst();
    if (elsewhere) {
      throw new HeedError(
        "conflict",
        "This person is a member of another workspace too: they set their own password with a mailed link (POST /auth/password-reset).",
      );
    }
    const { token, expiresAt } = await issueReset(tx, member.account_id, HANDED_LIFETIME_MS);
    await recordChange(tx, ctx, { action: "member.reset_link_created", objectType: "member", objectId: member.id, audit: { expiresAt } });
    return { resetUrl: resetUrl(ctx.services.publicUrl, token), expiresAt };
  });
}

const unusable = () => new HeedError("not_found", "This password link is unknown, used or expired.");

async function pendingReset(db: Db, token: string) {
  if (!isWellFormedToken(token)) throw unusable();
  const row = await db
    .selectFrom("password_resets as r")
    .innerJoin("accounts as a", "a.id", "r.account_id")
    .select(["r.id", "r.account_id", "r.expires_at", "r.used_at", "a.email"])
    .where("r.token_hash", "=", tokenHash(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= nowIso()) throw unusable();
  return row;
}

export async function getPasswordReset({
  services,
  input,
}: {
  services: Services;
  input: { token: string };
}): Promise<z.output<typeof PasswordResetPreviewSchema>> {
  const row = await pendingReset(services.db, input.token);
  return { email: row.email, expiresAt: row.expires_at };
}

/** Sets the password, ends every session of the account (a thief's included), and signs in. */
export async function resetPassword({
  services,
  input,
  meta,
}: {
  services: Services;
  input: z.output<typeof ResetPasswordSchema> & { token: string };
  meta: RequestMeta;
}): Promise<{ token: string; answer: SessionView }> {
  const reset = await pendingReset(services.db, input.token);
  const hash = await hashPassword(input.password);
  const secondFactor = await services.db.transaction().execute(async (tx) => {
    // A link proves the mailbox, not the second factor: an account that has one gives its code
    // too, or nothing changes and the link stays usable.
    const passed = await checkSecondFactor(tx, reset.account_id, input);
    const claimed = await tx
      .updateTable("password_resets")
      .set({ used_at: nowIso() })
      .where("id", "=", reset.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw unusable();
    await tx.updateTable("accounts").set({ password_hash: hash, updated_at: nowIso() }).where("id", "=", reset.account_id).execute();
    await tx.deleteFrom("sessions").where("account_id", "=", reset.account_id).execute();
    return passed;
  });
  const first = await services.db
    .selectFrom("members")
    .select("workspace_id")
    .where("account_id", "=", reset.account_id)
    .orderBy("created_at")
    .executeTakeFirst();
  const { token, session } = await startSession(services.db, reset.account_id, first?.workspace_id ?? null, meta, secondFactor);
  return { token, answer: await describeSession(services.db, session) };
}
