import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import type { Db } from "../../platform/db/database.js";
import { nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { sha256Hex } from "../../platform/lib/secret-keys.js";
import type { Tx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";

// Two-factor sign-in (TOTP, RFC 6238, with otpauth: a maintained implementation rather than our
// own HMAC arithmetic): 6 digits, 30-second steps, one step of clock drift either way. A code is
// accepted once (the step it matched is remembered), and ten one-time recovery codes, stored as
// hashes, stand in for a lost phone.

const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/** What proved the second factor: sessions keep it, so a workspace that requires one can tell. */
export type SecondFactor = "totp" | "recovery_code";

/** A code or a recovery code, as a sign-in or a confirmation sends it. */
export interface SecondFactorInput {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

function totp(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer: "Heed", label, algorithm: "SHA1", digits: 6, period: PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new secret (160 bits, as RFC 4226 recommends) and the otpauth:// URL an authenticator app scans. */
export function newTotpSecret(accountEmail: string): { secret: string; otpauthUrl: string } {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, accountEmail).toString() };
}

/** The time step the code matches now (within the drift), or null. */
export function matchingStep(secret: string, code: string, at = nowMs()): number | null {
  const delta = totp(secret, "").validate({ token: code, timestamp: at, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes as a person types them: ten characters, shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString("hex").slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

const recoveryHash = (code: string) => sha256Hex(`recovery:${code.toLowerCase().replace(/[^0-9a-f]/g, "")}`);

/** Replaces the account's recovery codes with these, inside the caller's transaction. */
export async function storeRecoveryCodes(tx: Tx, accountId: string, codes: string[]): Promise<void> {
  await tx.deleteFrom("recovery_codes").where("account_id", "=", accountId).execute();
  const at = nowIso();
  await tx
    .insertInto("recovery_codes")
    .values(codes.map((code) => ({ id: newId("recoveryCode"), account_id: accountId, code_hash: recoveryHash(code), created_at: at, used_at: null })))
    .execute();
}

const wrongCode = () => new HeedError("invalid_credential", "The two-factor code is wrong, expired or used already.");

/**
 * Checks the account's second factor, when it has one, in the caller's transaction: a TOTP code of
 * a step after the last one used (claimed atomically, so two requests cannot both use it), or an
 * unused recovery code (used up). Null when the account has no two-factor sign-in; a 401
 * `two_factor_required` when it has one and the request sent neither.
 */
export async function checkSecondFactor(db: Db | Tx, accountId: string, input: SecondFactorInput): Promise<SecondFactor | null> {
  const account = await db.selectFrom("accounts").select(["totp_secret", "totp_last_step"]).where("id", "=", accountId).executeTakeFirst();
  if (!account?.totp_secret) return null;
  if (input.code) {
    const step = matchingStep(account.totp_secret, input.code);
    if (step === null || (account.totp_last_step !== null && step <= account.totp_last_step)) throw wrongCode();
    const claimed = await db
      .updateTable("accounts")
      .set({ totp_last_step: step })
      .where("id", "=", accountId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw wrongCode();
    return "totp";
  }
  if (input.recoveryCode) {
    const used = await db
      .updateTable("recovery_codes")
      .set({ used_at: nowIso() })
      .where("account_id", "=", accountId)
      .where("code_hash", "=", recoveryHash(input.recoveryCode))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw wrongCode();
    return "recovery_code";
  }
  throw new HeedError(
    "two_factor_required",
    "This account signs in with a second factor: send the code from its authenticator app as `code`, or a recovery code as `recoveryCode`.",
  );
}
