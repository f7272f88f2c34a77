import { z } from "zod";

// Two-factor sign-in's forms, checked as the server checks them (server/src/features/accounts/two-factor-schema.ts).

/** Six digits, as the authenticator app shows them (people type spaces between them). */
const sixDigits = () =>
  z
    .string()
    .max(6)
    .regex(/^\d{6}$/, "Six digits.");

export const confirmSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(sixDigits()),
});

/** The password, or a current code: what proves it is you before renewing codes or turning it off. */
export const proofSchema = z
  .object({
    password: z.string().max(1000),
    code: z
      .string()
      .trim()
      .transform((code) => code || undefined)
      .pipe(sixDigits().optional()),
  })
  .transform(({ password, code }) => ({ ...(password ? { password } : {}), ...(code ? { code } : {}) }));
