import { acceptInvite, getInvite } from "../accept.js";
import { defineOperation } from "../../../http/define-operation.js";
import { noCredential } from "../../../http/route-security.js";
import { requestMeta, setSessionCookie } from "../../../http/credentials/session-cookie.js";
import { countSignInAttempt } from "../../accounts/index.js";
import { AcceptInviteSchema, InvitePreviewSchema, inviteTokenParam } from "../schema.js";
import { SessionSchema } from "../../accounts/index.js";

// The invited person's side of an invite link, before they have a session.

export const getInviteOperation = defineOperation(
  {
    method: "get",
    path: "/auth/invites/{token}",
    operationId: "getInvite",
    tag: "Sessions",
    summary: "What an invite link is for",
    description: "The workspace, the email and the role, for the accept page. A used, revoked or expired link answers 404.",
    credential: noCredential(),
    params: inviteTokenParam,
    answer: { status: 200, schema: InvitePreviewSchema, description: "The invite." },
  },
  { verb: getInvite },
);

export const acceptInviteOperation = defineOperation(
  {
    method: "post",
    path: "/auth/invites/{token}/accept",
    operationId: "acceptInvite",
    tag: "Sessions",
    summary: "Accept an invite",
    description:
      "Joins the workspace and signs in (sets the session cookie). A new email gets an account with this password; an email with an account must give its password (401 otherwise), and its two-factor `code` (or a `recoveryCode`) when it has one (401 `two_factor_required`; the invite stays usable). Counts as a sign-in attempt.",
    credential: noCredential(),
    params: inviteTokenParam,
    body: AcceptInviteSchema,
    answer: { status: 200, schema: SessionSchema, description: "Joined and signed in." },
    errors: ["invalid_credential", "two_factor_required"],
  },
  async (c) => {
    const { token } = c.req.valid("param");
    const body = c.req.valid("json");
    // Counted against the account the password is tried on: the invite's email when it names one.
    const invite = await getInvite({ services: c.get("services"), input: { token } });
    await countSignInAttempt(c, invite.email ?? body.email ?? `invite:${token}`);
    const result = await acceptInvite({ services: c.get("services"), input: { ...body, token }, meta: requestMeta(c) });
    setSessionCookie(c, result.token);
    return c.json(result.answer, 200);
  },
);
