import { nowIso } from "../../platform/lib/clock.js";
import { twoFactorDisabledMail } from "../../platform/mail/messages.js";
import { HeedError } from "../../platform/errors.js";
import type { AccountCtx } from "../../http/credentials/account-context.js";
import type { Tx } from "../../platform/context.js";
import { auditForAccount } from "./account-audit.js";
import { verifyPassword } from "./password.js";
import { checkSecondFactor, matchingStep, newRecoveryCodes, newTotpSecret, RECOVERY_CODE_COUNT, storeRecoveryCodes } from "./two-factor.js";

// The signed-in person's own two-factor sign-in: enrol (a secret to scan), confirm with a first
// code (then it is on, and ten recovery codes are shown once), renew the recovery codes, turn it
// off. Turning it off or renewing codes asks for the password (or, for an account that has none,
// a code): a session left open on a shared computer must not be enough.

export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export async function getTwoFactor({ ctx }: { ctx: AccountCtx }): Promise<TwoFactorStatus> {
  const { db } = ctx.services;
  const account = await db.selectFrom("accounts").select(["totp_enabled_at"]).where("id", "=", ctx.session.accountId).executeTakeFirstOrThrow();
  const left = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("account_id", "=", ctx.session.accountId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled: account.totp_enabled_at !== null, enabledAt: account.totp_enabled_at, recoveryCodesLeft: Number(left.n) };
}

/** A new secret to scan; it signs nothing in until a code from it confirms it. */
export async function enrolTwoFactor({ ctx }: { ctx: AccountCtx }): Promise<{ secret: string; otpauthUrl: string }> {
  const { db } = ctx.services;
  const account = await db.selectFrom("accounts").select(["email", "totp_secret"]).where("id", "=", ctx.session.accountId).executeTakeFirstOrThrow();
  if (account.totp_secret) throw new HeedError("conflict", "Two-factor sign-in is on already: turn it off first to enrol another authenticator.");
  const enrolment = newTotpSecret(account.email);
  await db.updateTable("accounts").set({ totp_pending_secret: enrolment.secret }).where("id", "=", ctx.session.accountId).execute();
  return enrolment;
}

/** A first code from the enrolled secret turns it on; this session counts as having passed it. */
export async function confirmTwoFactor({ ctx, input }: { ctx: AccountCtx; input: { code: string } }): Promise<{ recoveryCodes: string[] }> {
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
    await auditForAccount(tx, accountId, "member.two_factor_enabled", {});
    return { recoveryCodes };
  });
}

/** The password (or, for an account without one, a code) before anything that weakens the account. */
async function proveItIsYou(tx: Tx, accountId: string, input: { password?: string | undefined; code?: string | undefined }): Promise<void> {
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

export async function renewRecoveryCodes({ ctx, input }: { ctx: AccountCtx; input: ProofOfIdentity }): Promise<{ recoveryCodes: string[] }> {
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
/** The password, or without one a current code: what renewing codes or turning two-factor off asks. */
export interface ProofOfIdentity {
  password?: string | undefined;
  code?: string | undefined;
}

export async function disableTwoFactor({ ctx, input }: { ctx: AccountCtx; input: ProofOfIdentity }): Promise<void> {
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
