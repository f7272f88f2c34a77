import { isoAt, nowMs } from "../../src/platform/lib/clock.js";
import { newId } from "../../src/platform/lib/ids.js";
import type { Db } from "../../src/platform/db/database.js";

/** Inserts end users straight into the real database: test set-up, not the behaviour under test. */
export async function makeUsers(db: Db, workspaceId: string, count: number, companyId: string | null = null): Promise<string[]> {
  const at = isoAt(nowMs());
  const ids = Array.from({ length: count }, () => newId("user"));
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto("users")
      .values(
        ids.slice(i, i + 500).map((id) => ({
          id,
          workspace_id: workspaceId,
          external_id: `ext-${id}`,
          email: `${id}@example.com`,
          name: `User ${id.slice(-4)}`,
          avatar_url: null,
          company_id: companyId,
          traits: "{}",
          created_at: at,
          updated_at: at,
          last_seen_at: null,
          deleted_at: null,
        })),
      )
      .execute();
  }
  return ids;
}
