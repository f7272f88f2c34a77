import { z } from "@hono/zod-openapi";
import { listSessions, revokeAllSessions, revokeSession } from "../account-sessions.js";
import { accountCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import { session } from "../../../http/route-security.js";
import { clearSessionCookie } from "../../../http/credentials/session-cookie.js";
import { idParam } from "../../../platform/fields.js";
import { SessionEntrySchema } from "../schema.js";

// The account's live sessions: on which devices it is signed in, and ending them.

export const listSessionsOperation = defineOperation(
  {
    method: "get",
    path: "/auth/sessions",
    operationId: "listSessions",
    tag: "Sessions",
    summary: "List my sessions",
    description: "The account's live sessions, newest first, the current one marked.",
    credential: session(),
    answer: { status: 200, schema: z.object({ data: z.array(SessionEntrySchema) }).openapi("SessionEntryList"), description: "The sessions." },
  },
  { verb: listSessions },
);

export const revokeSessionOperation = defineOperation(
  {
    method: "delete",
    path: "/auth/sessions/{id}",
    operationId: "revokeSession",
    tag: "Sessions",
    summary: "End one of my sessions",
    description: "Signs that device out at once.",
    credential: session(),
    params: idParam("ses", "session"),
    answer: { status: 204, description: "Ended." },
  },
  { verb: revokeSession },
);

export const revokeAllSessionsOperation = defineOperation(
  {
    method: "delete",
    path: "/auth/sessions",
    operationId: "revokeAllSessions",
    tag: "Sessions",
    summary: "Sign out everywhere",
    description: "Ends every session of the account, this one included.",
    credential: session(),
    answer: { status: 204, description: "Signed out everywhere." },
  },
  async (c) => {
    await revokeAllSessions({ ctx: accountCtx(c) });
    clearSessionCookie(c);
    return c.body(null, 204);
  },
);
