import { z } from "@hono/zod-openapi";
import { ROLES } from "../../../../packages/shared/src/roles.js";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RequestPasswordResetBody,
  ResetPasswordBody,
  SignInBody,
} from "../../../../packages/shared/src/bodies/accounts.js";
import { documented, text, timestamp, idOf } from "../../platform/fields.js";

// Team sign-in: accounts, their sessions, and the invites that bring them into a workspace.

export const AccountSchema = z
  .object({
    id: idOf("acc"),
    email: z.string(),
    name: z.string(),
    twoFactor: z.boolean().openapi({ description: "Whether the account signs in with a second factor (an authenticator app)." }),
  })
  .openapi("Account");

export const SessionSchema = z
  .object({
    account: AccountSchema,
    workspaces: z.array(
      z.object({
        id: idOf("ws"),
        slug: z.string(),
        name: z.string(),
        role: z.enum(ROLES),
        requiresTwoFactor: z
          .boolean()
          .openapi({ description: "Its routes open only to sessions that passed a second factor (403 `two_factor_setup_required`)." }),
      }),
    ),
    currentWorkspaceId: idOf("ws").nullable().openapi({ description: "Where requests act unless they send `x-heed-workspace`." }),
    csrfToken: z.string().openapi({ description: "Send as `x-csrf-token` on every write made with the session cookie." }),
    secondFactor: z.boolean().openapi({
      description:
        "Whether this session passed a second factor: a two-factor or recovery code, or a provider's sign-in through an identity linked with the account's full proof (or that the provider signed up).",
    }),
  })
  .openapi("Session");

/** The OpenAPI words of the account fields every sign-in body shares. */
export const accountWords = {
  email: { format: "email", example: "ada@example.com" },
  password: { format: "password", description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` },
  code: { description: "The current code of the account's authenticator app, when it has two-factor sign-in.", example: "123456" },
  recoveryCode: { description: "One of the account's recovery codes, instead of `code`; each works once." },
};

export const SignInSchema = documented(SignInBody, { ...accountWords, password: { format: "password" } }).openapi("SignIn");

export const SwitchWorkspaceSchema = z.strictObject({ currentWorkspaceId: idOf("ws") }).openapi("SwitchWorkspace");

export const SessionEntrySchema = z
  .object({
    id: idOf("ses"),
    current: z.boolean().openapi({ description: "The session making this request." }),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: timestamp,
    lastSeenAt: timestamp,
    expiresAt: timestamp,
  })
  .openapi("SessionEntry");

export const RequestPasswordResetSchema = documented(RequestPasswordResetBody, accountWords).openapi("RequestPasswordReset");

/** The answer to a request for a password link: deliberately nothing, whether or not the email has an account. */
export const PasswordResetRequestedSchema = z.object({}).openapi("PasswordResetRequested");

export const PasswordResetPreviewSchema = z.object({ email: z.string(), expiresAt: timestamp }).openapi("PasswordResetPreview");

export const ResetPasswordSchema = documented(ResetPasswordBody, accountWords).openapi("ResetPassword");

export const PasswordResetLinkSchema = z
  .object({
    resetUrl: z.string().openapi({ description: "The one-time link to `/app/reset/{token}`, shown in this answer only." }),
    expiresAt: timestamp,
  })
  .openapi("PasswordResetLink");

export const CreatePasswordResetLinkSchema = z.strictObject({ memberId: idOf("mem") }).openapi("CreatePasswordResetLink");

export const resetTokenParam = z.object({
  token: text()
    .max(64)
    .openapi({ param: { name: "token", in: "path" }, description: "The token of the password-reset link." }),
});
