import { signIn } from "../sign-in.js";
import { defineOperation } from "../../../http/define-operation.js";
import { noCredential } from "../../../http/route-security.js";
import { requestMeta, sessionToken, setSessionCookie } from "../../../http/credentials/session-cookie.js";
import { countSignInAttempt } from "../sign-in-limits.js";
import { SessionSchema, SignInSchema } from "../schema.js";

export const signInOperation = defineOperation(
  {
    method: "post",
    path: "/auth/sign-in",
    operationId: "signIn",
    tag: "Sessions",
    summary: "Sign in",
    description:
      "Email and password to a new dashboard session: sets the session cookie (HttpOnly, SameSite=Lax) and answers the account, its workspaces and the CSRF token. A wrong password and an unknown email get the same 401. An account with two-factor sign-in answers a right password with 401 `two_factor_required`: send the same request again with `code` (or a `recoveryCode`). At most 10 attempts per account and 50 per address in 15 minutes, codes included (429 with `retry-after`).",
    credential: noCredential(),
    body: SignInSchema,
    answer: { status: 200, schema: SessionSchema, description: "Signed in." },
    errors: ["invalid_credential", "two_factor_required"],
  },
  async (c) => {
    const input = c.req.valid("json");
    await countSignInAttempt(c, input.email);
    const meta = { ...requestMeta(c), previousToken: sessionToken(c) };
    const { token, answer } = await signIn({ services: c.get("services"), input, meta });
    setSessionCookie(c, token);
    return c.json(answer, 200);
  },
);
