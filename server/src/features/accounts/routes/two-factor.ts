import type { Context } from "hono";
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, getTwoFactor, renewRecoveryCodes } from "../two-factor-enrolment.js";
import { accountCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import type { AppEnv } from "../../../http/env.js";
import { session } from "../../../http/route-security.js";
import { countAccountAttempt } from "../sign-in-limits.js";
import {
  ConfirmTwoFactorSchema,
  EnrolTwoFactorSchema,
  ProveItIsYouSchema,
  RecoveryCodesSchema,
  TwoFactorEnrolmentSchema,
  TwoFactorStatusSchema,
} from "../two-factor-schema.js";

// The signed-in person's two-factor sign-in: its state, enrolling, confirming, renewing the
// recovery codes, turning it off. Every guess (a code, a password) counts against the account's
// sign-in attempts, like a sign-in.

const countAttempt = (c: Context<AppEnv>) => countAccountAttempt(c, accountCtx(c).session.accountId);

export const getTwoFactorOperation = defineOperation(
  {
    method: "get",
    path: "/auth/two-factor",
    operationId: "getTwoFactor",
    tag: "Sessions",
    summary: "Get my two-factor sign-in",
    description: "Whether the account signs in with a second factor, since when, and how many recovery codes are left.",
    credential: session(),
    answer: { status: 200, schema: TwoFactorStatusSchema, description: "The state." },
  },
  { verb: getTwoFactor },
);

export const enrolTwoFactorOperation = defineOperation(
  {
    method: "post",
    path: "/auth/two-factor/enrol",
    operationId: "enrolTwoFactor",
    tag: "Sessions",
    summary: "Enrol an authenticator app",
    description:
      "A new TOTP secret (RFC 6238: 6 digits, 30 seconds) to scan; nothing changes until a code from it is confirmed. Needs the password (401 `invalid_credential` without it, or wrong); an account without one, which signs in through single sign-on, enrols within 10 minutes of that sign-in. Enrolling again replaces a secret not yet confirmed. 409 when two-factor sign-in is on already. Counts as a sign-in attempt.",
    credential: session(),
    body: EnrolTwoFactorSchema,
    answer: { status: 200, schema: TwoFactorEnrolmentSchema, description: "The secret, shown this once." },
    errors: ["invalid_credential"],
  },
  { verb: enrolTwoFactor, before: countAttempt },
);

export const confirmTwoFactorOperation = defineOperation(
  {
    method: "post",
    path: "/auth/two-factor/confirm",
    operationId: "confirmTwoFactor",
    tag: "Sessions",
    summary: "Turn two-factor sign-in on",
    description:
      "A current code of the enrolled secret turns it on: from now on every sign-in, password link and invite asks for a code (a provider's sign-in does not, through an identity linked with the password and code: see `startIdentityLink`). This session counts as having passed it; the account's other sessions end unless `signOutOtherSessions` is false. Answers ten recovery codes, shown once. Counts as a sign-in attempt.",
    credential: session(),
    body: ConfirmTwoFactorSchema,
    answer: { status: 200, schema: RecoveryCodesSchema, description: "On; the recovery codes." },
  },
  { verb: confirmTwoFactor, before: countAttempt },
);

export const renewRecoveryCodesOperation = defineOperation(
  {
    method: "post",
    path: "/auth/two-factor/recovery-codes",
    operationId: "renewRecoveryCodes",
    tag: "Sessions",
    summary: "Renew my recovery codes",
    description:
      "Ten new recovery codes replace the old ones (used or not). Needs the password (or, without one, a current code). Counts as a sign-in attempt.",
    credential: session(),
    body: ProveItIsYouSchema,
    answer: { status: 200, schema: RecoveryCodesSchema, description: "The new codes, shown this once." },
    errors: ["invalid_credential", "two_factor_required"],
  },
  { verb: renewRecoveryCodes, before: countAttempt },
);

export const disableTwoFactorOperation = defineOperation(
  {
    method: "post",
    path: "/auth/two-factor/disable",
    operationId: "disableTwoFactor",
    tag: "Sessions",
    summary: "Turn two-factor sign-in off",
    description:
      "Needs the password (or, without one, a current code); 409 while a workspace of the account requires two-factor sign-in. The account is mailed. Counts as a sign-in attempt.",
    credential: session(),
    body: ProveItIsYouSchema,
    answer: { status: 204, description: "Off." },
    errors: ["invalid_credential", "two_factor_required"],
  },
  { verb: disableTwoFactor, before: countAttempt },
);
