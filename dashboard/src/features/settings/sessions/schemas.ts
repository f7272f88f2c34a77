import { z } from "zod";
import { ConfirmTwoFactorBody, EnrolTwoFactorBody, ProveItIsYouBody } from "../../../../../packages/shared/src/bodies/accounts.js";

// The forms of the account's own security: the request bodies (packages/shared/src/bodies/accounts.ts),
// as the forms fill them. People type spaces between a code's six digits: they are dropped.

/** The password before enrolling: an account without one sends nothing (its recent single sign-on proves it). */
export const enrolSchema = z.object({ password: EnrolTwoFactorBody.shape.password.unwrap() }).transform(({ password }) => (password ? { password } : {}));

const confirm = ConfirmTwoFactorBody.shape;
export const confirmSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(confirm.code),
  signOutOtherSessions: confirm.signOutOtherSessions.unwrap(),
});

const proof = ProveItIsYouBody.shape;
/** The password, or a current code: what proves it is you before renewing codes or turning it off. A code field left empty sends no code. */
export const proofSchema = z
  .object({
    password: proof.password.unwrap(),
    code: z
      .string()
      .trim()
      .transform((code) => code.replace(/\s/g, "") || undefined)
      .pipe(proof.code),
  })
  .transform(({ password, code }) => ({ ...(password ? { password } : {}), ...(code ? { code } : {}) }));

/** The password and, with two-factor sign-in on, a code: what linking single sign-on asks. */
export const linkSchema = proofSchema;
