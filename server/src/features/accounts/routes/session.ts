import { getSession, signOut, switchWorkspace } from "../account-sessions.js";
import { accountCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import { session } from "../../../http/route-security.js";
import { clearSessionCookie } from "../../../http/credentials/session-cookie.js";
import { SessionSchema, SwitchWorkspaceSchema } from "../schema.js";

// The session making the request: read it, point it at another workspace, end it.

export const getSessionOperation = defineOperation(
  {
    method: "get",
    path: "/auth/session",
    operationId: "getSession",
    tag: "Sessions",
    summary: "The current session",
    description: "The account, its workspaces and roles, the current workspace, and the CSRF token for writes.",
    credential: session(),
    answer: { status: 200, schema: SessionSchema, description: "The session." },
  },
  { verb: getSession },
);

export const switchWorkspaceOperation = defineOperation(
  {
    method: "patch",
    path: "/auth/session",
    operationId: "switchWorkspace",
    tag: "Sessions",
    summary: "Switch workspace",
    description: "Makes another of the account's workspaces the one this session's requests act in, without signing in again.",
    credential: session(),
    body: SwitchWorkspaceSchema,
    answer: { status: 200, schema: SessionSchema, description: "The session, now in that workspace." },
    errors: ["not_a_member"],
  },
  { verb: switchWorkspace },
);

export const signOutOperation = defineOperation(
  {
    method: "post",
    path: "/auth/sign-out",
    operationId: "signOut",
    tag: "Sessions",
    summary: "Sign out",
    description: "Ends this session on the server and clears the cookie.",
    credential: session(),
    answer: { status: 204, description: "Signed out." },
  },
  async (c) => {
    await signOut({ ctx: accountCtx(c) });
    clearSessionCookie(c);
    return c.body(null, 204);
  },
);
