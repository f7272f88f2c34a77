import { z } from "zod";
import { ROLES } from "../roles.js";
import { text } from "./fields.js";

// What signing in, a password link, an invite and the account's two-factor sign-in send (the
// accounts and invites features' routes).

export const PASSWORD_MIN_LENGTH = 10;
/** Long enough for any passphrase, short enough that hashing one is never a denial of service. */
export const PASSWORD_MAX_LENGTH = 1000;

/** An account's email: trimmed and in lower case, so one address is one account however it is typed. */
export const accountEmail = () => text().trim().toLowerCase().max(320).pipe(z.email());

/** A new password. */
export const password = () => z.string().min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters.`).max(PASSWORD_MAX_LENGTH);

/**
 * The second factor of an account that has two-factor sign-in, sent with whatever signs it in
 * (sign-in, a password link, an invite): without it, 401 `two_factor_required`.
 */
export const secondFactorFields = {
  code: text()
    .max(6)
    .regex(/^\d{6}$/, "Six digits.")
    .optional(),
  recoveryCode: text().trim().max(40).optional(),
};

export const SignInBody = z.strictObject({ email: accountEmail(), password: z.string().min(1).max(PASSWORD_MAX_LENGTH), ...secondFactorFields });

export const RequestPasswordResetBody = z.strictObject({ email: accountEmail() });

export const ResetPasswordBody = z.strictObject({ password: password(), ...secondFactorFields });

export const CreateInviteBody = z.strictObject({ email: accountEmail(), role: z.enum(ROLES) });

export const AcceptInviteBody = z.strictObject({
  name: text().trim().min(1).max(100),
  password: password(),
  email: accountEmail().optional(),
  ...secondFactorFields,
});

/** The account's password, where an account without one (it signs in through single sign-on) sends none. */
const currentPassword = () => text().max(PASSWORD_MAX_LENGTH).optional();

export const EnrolTwoFactorBody = z.strictObject({ password: currentPassword() });

export const ConfirmTwoFactorBody = z.strictObject({ code: secondFactorFields.code.unwrap(), signOutOtherSessions: z.boolean().default(true) });

/** The password, or a current code: what proves it is you before renewing codes, turning two-factor sign-in off or linking single sign-on. */
export const ProveItIsYouBody = z.strictObject({ password: currentPassword(), code: secondFactorFields.code });
