import type { AuthenticatedSession } from "../../http/credentials/team-sessions.js";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { isoAt, nowMs } from "../../platform/lib/clock.js";
import { verifyPassword } from "./password.js";
import { checkSecondFactor } from "./two-factor.js";

// Before a change that opens the account another way (enrolling an authenticator, linking a
// provider), the person proves in that same request that the account is theirs: a session alone
// may be a stolen one, or one left open on a shared computer.

/** How long a sign-in through a provider stands as the proof of an account that has no password. */
export const RECENT_SIGN_IN_MINUTES = 10;

/** What a request sends to prove the account is the sender's. */
export interface AccountProof {
  password?: string | undefined;
  code?: string | undefined;
}

/**
 * The account's full proof, in the caller's transaction: its password when it has one, then a
 * current code when two-factor sign-in is on (claimed, so it works once). An account with neither
 * signs in through a provider alone, and proves itself by this session having begun with such a
 * sign-in in the last ten minutes: every session of an account without a password began so, since
 * signing in, accepting an invite and a password link all need or set a password.
 */
export async function proveAccount(tx: Tx, session: AuthenticatedSession, input: AccountProof): Promise<void> {
  const account = await tx.selectFrom("accounts").select(["password_hash", "totp_secret"]).where("id", "=", session.accountId).executeTakeFirstOrThrow();
  if (account.password_hash) {
    if (!input.password) throw new HeedError("invalid_credential", "Confirm with your password (`password`): the session alone is not enough for this.");
    if (!(await verifyPassword(input.password, account.password_hash))) throw new HeedError("invalid_credential", "The password is wrong.");
  }
  if (account.totp_secret) {
    if (!input.code) throw new HeedError("two_factor_required", "Confirm with the current code of your authenticator app (`code`) too.");
    await checkSecondFactor(tx, session.accountId, { code: input.code });
    return;
  }
  if (account.password_hash) return;
  const began = await tx.selectFrom("sessions").select("created_at").where("id", "=", session.id).executeTakeFirstOrThrow();
  if (began.created_at < isoAt(nowMs() - RECENT_SIGN_IN_MINUTES * 60_000)) {
    throw new HeedError(
      "invalid_credential",
      `Your account has no password: sign out and sign in again through single sign-on, then do this within ${RECENT_SIGN_IN_MINUTES} minutes.`,
    );
  }
}

/**
 * What this session changes may count as a second factor later (a linked provider's sign-in), so
 * it must have passed one itself where one is asked: the account has two-factor sign-in, or a
 * workspace of the account requires it.
 */
export async function requireTwoFactorSession(tx: Tx, session: AuthenticatedSession, what: string): Promise<void> {
  if (session.secondFactor !== null) return;
  const account = await tx.selectFrom("accounts").select("totp_secret").where("id", "=", session.accountId).executeTakeFirstOrThrow();
  if (account.totp_secret) {
    throw new HeedError(
      "two_factor_session_required",
      `This session began without your two-factor code: sign out, sign in again with your code, then ${what}.`,
    );
  }
  const requiring = await tx
    .selectFrom("members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select("w.name")
    .where("m.account_id", "=", session.accountId)
    .where("w.require_two_factor", "=", 1)
    .executeTakeFirst();
  if (requiring) {
    throw new HeedError(
      "two_factor_session_required",
      `${requiring.name} requires two-factor sign-in, and single sign-on you link would count as it. Turn on two-factor sign-in first, then ${what}.`,
    );
  }
}
