import { getPasswordReset, requestPasswordReset, resetPassword } from "../password-reset.js";
import { defineOperation } from "../../../http/define-operation.js";
import { noCredential } from "../../../http/route-security.js";
import { requestMeta, setSessionCookie } from "../../../http/credentials/session-cookie.js";
import { countSignInAttempt } from "../sign-in-limits.js";
import {
  PasswordResetPreviewSchema,
  PasswordResetRequestedSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  resetTokenParam,
  SessionSchema,
} from "../schema.js";

// A forgotten password: ask for a link by mail, see what a link is for, set the new password.

export const requestPasswordResetOperation = defineOperation(
  {
    method: "post",
    path: "/auth/password-reset",
    operationId: "requestPasswordReset",
    tag: "Sessions",
    summary: "Ask for a password link",
    description:
      "Mails a one-time link (valid 1 hour) when the email has an account and the server has SMTP_URL. The answer is the same either way, so it tells nobody which emails exist. Without mail, an owner makes the link (`POST /members/password-resets`). Counts as a sign-in attempt.",
    credential: noCredential(),
    body: RequestPasswordResetSchema,
    answer: { status: 202, schema: PasswordResetRequestedSchema, description: "Mailed if it could be." },
  },
  async (c) => {
    const input = c.req.valid("json");
    await countSignInAttempt(c, input.email);
    await requestPasswordReset({ services: c.get("services"), input });
    return c.json({}, 202);
  },
);

export const getPasswordResetOperation = defineOperation(
  {
    method: "get",
    path: "/auth/password-reset/{token}",
    operationId: "getPasswordReset",
    tag: "Sessions",
    summary: "What a password link is for",
    description: "The account's email and the link's expiry, for the reset page. A used or expired link answers 404.",
    credential: noCredential(),
    params: resetTokenParam,
    answer: { status: 200, schema: PasswordResetPreviewSchema, description: "The link." },
  },
  { verb: getPasswordReset },
);

export const resetPasswordOperation = defineOperation(
  {
    method: "post",
    path: "/auth/password-reset/{token}",
    operationId: "resetPassword",
    tag: "Sessions",
    summary: "Set a new password",
    description:
      "Uses the link once: sets the password, ends every session of the account, and signs in here (sets the session cookie). An account with two-factor sign-in gives its `code` (or a `recoveryCode`) too: without it, 401 `two_factor_required` and the link stays usable. Counts as a sign-in attempt of the account.",
    credential: noCredential(),
    params: resetTokenParam,
    body: ResetPasswordSchema,
    answer: { status: 200, schema: SessionSchema, description: "The new password is set; signed in." },
    errors: ["invalid_credential", "two_factor_required"],
  },
  async (c) => {
    const { token } = c.req.valid("param");
    // Counted against the account, like a sign-in: the link opens it, a code is guessed on it.
    const { email } = await getPasswordReset({ services: c.get("services"), input: { token } });
    await countSignInAttempt(c, email);
    const result = await resetPassword({ services: c.get("services"), input: { ...c.req.valid("json"), token }, meta: requestMeta(c) });
    setSessionCookie(c, result.token);
    return c.json(result.answer, 200);
  },
);
