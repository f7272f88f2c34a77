import { isoAt, nowMs } from "../../src/lib/clock.js";
import { newId } from "../../src/lib/ids.js";
import type { Db } from "../../src/db/database.js";

/** Team members straight into the real database: invitations come with the dashboard. */
export async function makeMembers(db: Db, workspaceId: string, roles: ("owner" | "admin" | "member")[]): Promise<string[]> {
  const at = isoAt(nowMs());
  const ids = roles.map(() => newId("member"));
  await db
    .insertInto("members")
    .values(
      ids.map((id, i) => ({
        id,
        workspace_id: workspaceId,
        email: `${id}@example.com`,
        name: `Member ${i}`,
        role: roles[i]!,
        password_hash: null,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return ids;
}
