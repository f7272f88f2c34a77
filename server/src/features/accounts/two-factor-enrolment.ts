import { nowIso } from "../../platform/lib/clock.js";
import { twoFactorDisabledMail } from "../../platform/mail/messages.js";
import { HeedError } from "../../platform/errors.js";
import type { AccountCtx } from "../../http/credentials/account-context.js";
import type { Tx } from "../../platform/context.js";
import { auditForAccount } from "./account-audit.js";
import { type AccountProof, proveAccount } from "./account-proof.js";
import { verifyPassword } from "./password.js";
import { checkSecondFactor, matchingStep, newRecoveryCodes, newTotpSecret, RECOVERY_CODE_COUNT, storeRecoveryCodes } from "./two-factor.js";

// The signed-in person's own two-factor sign-in: enrol (a secret to scan), confirm with a first
// code (then it is on, ten recovery codes are shown once, and the account's other sessions end
// unless the person keeps them), renew the recovery codes, turn it off. Each but confirming asks
// for the password (or, for an account that has none, a recent sign-in through its provider to
// enrol, a code to renew or turn off): a session left open on a shared computer, or stolen, must
// not be enough to put the thief's authenticator on the account or take the owner's off.

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  hasPassword: boolean;
}

export async function getTwoFactor({ ctx }: { ctx: AccountCtx }): Promise<TwoFactorStatus> {
  const { db } = ctx.services;
  const account = await db
    .selectFrom("accounts")
    .select(["totp_enabled_at", "password_hash"])
    .where("id", "=", ctx.session.accountId)
    .executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", ctx.session.accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    enabled: account.totp_enabled_at !== null,
    enabledAt: account.totp_enabled_at,
    recoveryCodesLeft: Number(left.n),
    hasPassword: account.password_hash !== null,
  };
}

/** A new secret to scan, after the account's proof; it signs nothing in until a code from it confirms it. */
export async function enrolTwoFactor({ ctx, input }: { ctx: AccountCtx; input: AccountProof }): Promise<{ secret: string; otpauthUrl: string }> {
  const accountId = ctx.session.accountId;
  return ctx.services.db.transaction().execute(async (tx) => {
    const account = await tx.selectFrom("accounts").select(["email", "totp_secret"]).where("id", "=", accountId).executeTakeFirstOrThrow();
    if (account.totp_secret) throw new HeedError("conflict", "Two-factor sign-in is on already: turn it off first to enrol another authenticator.");
    await proveAccount(tx, ctx.session, input);
    const enrolment = newTotpSecret(account.email);
    await tx.updateTable("accounts").set({ totp_pending_secret: enrolment.secret }).where("id", "=", accountId).execute();
    return enrolment;
  });
}

/**
 * A first code from the enrolled secret turns it on; this session counts as having passed it, and
 * the account's other sessions end unless `signOutOtherSessions` is false (one may be a thief's).
 */
export async function confirmTwoFactor({
  ctx,
  input,
}: {
  ctx: AccountCtx;
  input: { code: string; signOutOtherSessions: boolean };
}): Promise<{ recoveryCodes: string[] }> {
  const accountId = ctx.session.accountId;
  return ctx.services.db.transaction().execute(async (tx) => {
    const account = await tx.selectFrom("accounts").select(["totp_pending_secret", "totp_secret"]).where("id", "=", accountId).executeTakeFirstOrThrow();
    if (account.totp_secret) throw new HeedError("conflict", "Two-factor sign-in is on already.");
    if (!account.totp_pending_secret) throw new HeedError("conflict", "Enrol first (POST /v1/auth/two-factor/enrol), then confirm with a code.");
    const step = matchingStep(account.totp_pending_secret, input.code);
    if (step === null) {
      throw new HeedError("validation_failed", "That code does not match: check the authenticator app's clock and try the current code.", {
        errors: [{ pointer: "/code", code: "invalid", detail: "Not the current code of the enrolled secret." }],
      });
    }
    await tx
      .updateTable("accounts")
      .set({ totp_secret: account.totp_pending_secret, totp_pending_secret: null, totp_enabled_at: nowIso(), totp_last_step: step })
      .where("id", "=", accountId)
      .execute();
    const recoveryCodes = newRecoveryCodes();
    await storeRecoveryCodes(tx, accountId, recoveryCodes);
    await tx.updateTable("sessions").set({ second_factor: "totp" }).where("id", "=", ctx.session.id).execute();
    const signedOut = input.signOutOtherSessions
      ? await tx.deleteFrom("sessions").where("account_id", "=", accountId).where("id", "!=", ctx.session.id).executeTakeFirst()
      : null;
    await auditForAccount(tx, accountId, "member.two_factor_enabled", { otherSessionsSignedOut: Number(signedOut?.numDeletedRows ?? 0) });
    return { recoveryCodes };
  });
}

/** The password (or, for an account without one, a code): what renewing codes or turning two-factor off asks. */
async function proveItIsYou(tx: Tx, accountId: string, input: AccountProof): Promise<void> {
  const account = await tx.selectFrom("accounts").select(["password_hash"]).where("id", "=", accountId).executeTakeFirstOrThrow();
  if (account.password_hash) {
    if (!input.password || !(await verifyPassword(input.password, account.password_hash))) {
      throw new HeedError("invalid_credential", "The password is wrong.");
    }
    return;
  }
  if (!input.code) throw new HeedError("two_factor_required", "This account has no password: confirm with a current two-factor code as `code`.");
  await checkSecondFactor(tx, accountId, { code: input.code });
}

export async function renewRecoveryCodes({ ctx, input }: { ctx: AccountCtx; input: AccountProof }): Promise<{ recoveryCodes: string[] }> {
  const accountId = ctx.session.accountId;
  return ctx.services.db.transaction().execute(async (tx) => {
    await proveItIsYou(tx, accountId, input);
    const account = await tx.selectFrom("accounts").select("totp_secret").where("id", "=", accountId).executeTakeFirstOrThrow();
    if (!account.totp_secret) throw new HeedError("conflict", "Two-factor sign-in is off: there are no recovery codes to renew.");
    const recoveryCodes = newRecoveryCodes();
    await storeRecoveryCodes(tx, accountId, recoveryCodes);
    await auditForAccount(tx, accountId, "member.recovery_codes_renewed", { count: RECOVERY_CODE_COUNT });
    return { recoveryCodes };
  });
}

/**
 * Turns two-factor sign-in off, unless a workspace of the account requires it. The account is
 * mailed: someone who took over a session would want this off first.
 */
export async function disableTwoFactor({ ctx, input }: { ctx: AccountCtx; input: AccountProof }): Promise<void> {
  const accountId = ctx.session.accountId;
  const email = await ctx.services.db.transaction().execute(async (tx) => {
    await proveItIsYou(tx, accountId, input);
    const requiring = await tx
      .selectFrom("members as m")
      .innerJoin("workspaces as w", "w.id", "m.workspace_id")
      .select("w.name")
      .where("m.account_id", "=", accountId)
      .where("w.require_two_factor", "=", 1)
      .executeTakeFirst();
    if (requiring) throw new HeedError("conflict", `${requiring.name} requires two-factor sign-in: it stays on while you are a member there.`);
    const account = await tx.selectFrom("accounts").select(["email", "totp_secret"]).where("id", "=", accountId).executeTakeFirstOrThrow();
    if (!account.totp_secret) return null;
    await tx
      .updateTable("accounts")
      .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", accountId)
      .execute();
    await tx.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
    await auditForAccount(tx, accountId, "member.two_factor_disabled", {});
    return account.email;
  });
  const { mailer, publicUrl } = ctx.services;
  if (email && mailer) void mailer.send(twoFactorDisabledMail({ to: email, publicUrl }));
}
