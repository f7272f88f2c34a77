import { z } from "zod";

// The forms of the account's own security, checked as the server checks them
// (server/src/features/accounts/two-factor-schema.ts, single-sign-on-schema.ts).

/** Six digits, as the authenticator app shows them (people type spaces between them). */
const sixDigits = () =>
  z
    .string()
    .max(6)
    .regex(/^\d{6}$/, "Six digits.");

/** A code field left empty sends no code. */
const optionalCode = () =>
  z
    .string()
    .trim()
    .transform((code) => code.replace(/\s/g, "") || undefined)
    .pipe(sixDigits().optional());

/** The password before enrolling: an account without one sends nothing (its recent single sign-on proves it). */
export const enrolSchema = z.object({ password: z.string().max(1000) }).transform(({ password }) => (password ? { password } : {}));

export const confirmSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(sixDigits()),
  signOutOtherSessions: z.boolean(),
});

/** The password, or a current code: what proves it is you before renewing codes or turning it off. */
export const proofSchema = z
  .object({ password: z.string().max(1000), code: optionalCode() })
  .transform(({ password, code }) => ({ ...(password ? { password } : {}), ...(code ? { code } : {}) }));

/** The password and, with two-factor sign-in on, a code: what linking single sign-on asks. */
export const linkSchema = proofSchema;
