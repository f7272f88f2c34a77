import { z } from "zod";
import {
  AcceptInviteBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  SignInBody,
  secondFactorFields,
} from "../../../../packages/shared/src/bodies/accounts.js";
import { trimmed } from "../../ui/form/fields.js";

// What the pages before sign-in send: the request bodies (packages/shared/src/bodies/accounts.ts),
// as the forms fill them.

/**
 * The second factor, once the server asked for it: the authenticator app's code (spaces people
 * type between the digits dropped), or one of the recovery codes. Only the one shown is sent.
 */
const secondFactor = {
  code: z
    .string()
    .optional()
    .transform((code) => code?.replace(/\s/g, "") || undefined)
    .pipe(secondFactorFields.code),
  recoveryCode: z
    .string()
    .optional()
    .transform((code) => code?.trim() || undefined)
    .pipe(secondFactorFields.recoveryCode),
};

export const signInSchema = z.object({ ...SignInBody.shape, ...secondFactor });

export const requestResetSchema = z.object(RequestPasswordResetBody.shape);

export const resetPasswordSchema = z.object({ ...ResetPasswordBody.shape, ...secondFactor });

/** `email` only for an invite that names none (the first owner's). */
export const acceptInviteSchema = z.object({ ...AcceptInviteBody.shape, ...secondFactor });

/** A workspace's slug, to find its own single sign-on. */
export const workspaceSlugSchema = z.object({ workspace: trimmed(48) });
