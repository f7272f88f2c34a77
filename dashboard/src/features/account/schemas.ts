import { z } from "zod";
import { email, required, trimmed } from "../../ui/form/fields.js";

// What the pages before sign-in send, checked as the server checks it
// (server/src/features/accounts/schema.ts, invites/schema.ts).

/** A new password: 10 to 1,000 characters. */
const newPassword = () => z.string().min(10, "At least 10 characters.").max(1000);

/**
 * The second factor, once the server asked for it: the authenticator app's code (spaces people
 * type between the digits dropped), or one of the recovery codes. Only the one shown is sent.
 */
const secondFactor = {
  code: z
    .string()
    .optional()
    .transform((code) => code?.replace(/\s/g, "") || undefined)
    .pipe(
      z
        .string()
        .max(6)
        .regex(/^\d{6}$/, "Six digits.")
        .optional(),
    ),
  recoveryCode: z
    .string()
    .optional()
    .transform((code) => code?.trim() || undefined)
    .pipe(z.string().max(40).optional()),
};

export const signInSchema = z.object({ email: email(), password: z.string().min(1, "Required.").max(1000), ...secondFactor });

export const requestResetSchema = z.object({ email: email() });

export const resetPasswordSchema = z.object({ password: newPassword(), ...secondFactor });

/** `email` only for an invite that names none (the first owner's). */
export const acceptInviteSchema = z.object({ name: required(100), password: newPassword(), email: email().optional(), ...secondFactor });

/** A workspace's slug, to find its own single sign-on. */
export const workspaceSlugSchema = z.object({ workspace: trimmed(48) });
