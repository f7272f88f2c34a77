import { z } from "@hono/zod-openapi";
import { ConfirmTwoFactorBody, EnrolTwoFactorBody, ProveItIsYouBody } from "../../../../packages/shared/src/bodies/accounts.js";
import { documented } from "../../platform/fields.js";
import { accountWords } from "./schema.js";

// Two-factor sign-in as the API shows it: the account's state, an enrolment to scan, recovery codes
// shown once, and what proves it is you before enrolling or turning it off.

export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int().openapi({ description: "Unused recovery codes." }),
    hasPassword: z.boolean().openapi({
      description:
        "Whether the account has a password, which enrolling and linking single sign-on ask for; without one it signs in through single sign-on alone.",
    }),
  })
  .openapi("TwoFactorStatus");

export const TwoFactorEnrolmentSchema = z
  .object({
    secret: z.string().openapi({ description: "The base32 secret, for typing into an authenticator app by hand. Shown at enrolment only." }),
    otpauthUrl: z.string().openapi({ description: "The `otpauth://totp/…` URL an authenticator app scans as a QR code." }),
  })
  .openapi("TwoFactorEnrolment");

/** What an account without a password says instead of one. */
export const noPasswordWords =
  "The account's password. An account without one (it signs in through single sign-on) sends none: its sign-in through the provider in the last 10 minutes proves it instead.";

export const EnrolTwoFactorSchema = documented(EnrolTwoFactorBody, { password: { format: "password", description: noPasswordWords } }).openapi(
  "EnrolTwoFactor",
);

export const ConfirmTwoFactorSchema = documented(ConfirmTwoFactorBody, {
  signOutOtherSessions: { description: "End the account's other sessions, which may include one someone else holds (default). This one stays." },
}).openapi("ConfirmTwoFactor");

export const RecoveryCodesSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .openapi({ description: "Ten one-time codes, each standing in for a code once. Shown this once: Heed keeps only their hashes." }),
  })
  .openapi("RecoveryCodes");

export const ProveItIsYouSchema = documented(ProveItIsYouBody, {
  password: { format: "password", description: "The account's password." },
  code: { ...accountWords.code, description: "A current code, for an account that has no password (it signs in by single sign-on)." },
}).openapi("ProveItIsYou");
