import { isoAt, nowMs } from "../../src/platform/lib/clock.js";
import { newId } from "../../src/platform/lib/ids.js";
import type { Db } from "../../src/platform/db/database.js";
import { hashPassword } from "../../src/features/accounts/password.js";

type Role = "owner" | "admin" | "member";

/**
 * Team members straight into the real database, each with an account of their own. With a
 * password, the account can sign in (support/sessions.ts).
 */
export async function makeMembers(db: Db, workspaceId: string, roles: Role[], password?: string): Promise<string[]> {
  const at = isoAt(nowMs());
  const hash = password ? await hashPassword(password) : null;
  const ids = roles.map(() => newId("member"));
  const accounts = ids.map((id, i) => ({
    id: newId("account"),
    email: `${id}@example.com`,
    name: `Member ${i}`,
    password_hash: hash,
    created_at: at,
    updated_at: at,
  }));
  await db.insertInto("accounts").values(accounts).execute();
  await db
    .insertInto("members")
    .values(
      ids.map((id, i) => ({
        id,
        workspace_id: workspaceId,
        account_id: accounts[i]!.id,
        email: accounts[i]!.email,
        name: accounts[i]!.name,
        role: roles[i]!,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return ids;
}

/** Adds an existing account (by a member id of another workspace) to this workspace too. */
export async function addMembership(db: Db, memberId: string, workspaceId: string, role: Role): Promise<string> {
  const from = await db.selectFrom("members").selectAll().where("id", "=", memberId).executeTakeFirstOrThrow();
  const id = newId("member");
  const at = isoAt(nowMs());
  await db
    .insertInto("members")
    .values({ id, workspace_id: workspaceId, account_id: from.account_id, email: from.email, name: from.name, role, created_at: at, updated_at: at })
    .execute();
  return id;
}
