import type { z } from "@hono/zod-openapi";
import type { Db } from "../../platform/db/database.js";
import type { SessionSchema } from "./schema.js";
import { HeedError } from "../../platform/errors.js";
import type { AuthenticatedSession } from "../../http/credentials/team-sessions.js";

export type SessionView = z.output<typeof SessionSchema>;

/** The account's workspaces and roles, oldest membership first. */
export async function membershipsOf(db: Db, accountId: string) {
  return db
    .selectFrom("members as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.slug", "w.name", "m.role", "m.id as memberId", "w.require_two_factor"])
    .where("m.account_id", "=", accountId)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();
}

/** What `GET /v1/auth/session` answers: the account, its workspaces, the current one, the CSRF token. */
export async function describeSession(db: Db, session: AuthenticatedSession): Promise<SessionView> {
  const row = await db.selectFrom("accounts").select(["id", "email", "name", "totp_enabled_at"]).where("id", "=", session.accountId).executeTakeFirst();
  if (!row) throw new HeedError("invalid_credential", "The session's account no longer exists: sign in again.");
  const account = { id: row.id, email: row.email, name: row.name, twoFactor: row.totp_enabled_at !== null };
  const workspaces = (await membershipsOf(db, account.id)).map(({ id, slug, name, role, require_two_factor }) => ({
    id,
    slug,
    name,
    role,
    requiresTwoFactor: require_two_factor === 1,
  }));
  const current = workspaces.find((w) => w.id === session.workspaceId) ?? workspaces[0] ?? null;
  return { account, workspaces, currentWorkspaceId: current?.id ?? null, csrfToken: session.csrfToken, secondFactor: session.secondFactor !== null };
}
