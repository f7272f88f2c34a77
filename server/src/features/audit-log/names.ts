import type { AuditObjectType } from "../../platform/changes/vocabulary.js";
import type { Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";

// What each object of a page of the audit log is called now, read with one query per kind of
// object on the page (at most a dozen, whatever the page's length), never one per row.

type Conn = Db | Tx;
type Lookup = (db: Conn, workspaceId: string, ids: string[]) => Promise<{ id: string; name: string | null }[]>;

const byName =
  (table: "boards" | "statuses" | "tags" | "companies" | "api_keys" | "members"): Lookup =>
  (db, workspaceId, ids) =>
    db.selectFrom(table).select(["id", "name"]).where("workspace_id", "=", workspaceId).where("id", "in", ids).execute();

const LOOKUPS: Partial<Record<AuditObjectType, Lookup>> = {
  board: byName("boards"),
  status: byName("statuses"),
  tag: byName("tags"),
  company: byName("companies"),
  api_key: byName("api_keys"),
  member: byName("members"),
  post: (db, workspaceId, ids) =>
    db
      .selectFrom("posts")
      .select(["id", "title as name"])
      .where("workspace_id", "=", workspaceId)
      .where("id", "in", ids)
      .where("deleted_at", "is", null)
      .execute(),
  changelog_entry: (db, workspaceId, ids) =>
    db.selectFrom("changelog_entries").select(["id", "title as name"]).where("workspace_id", "=", workspaceId).where("id", "in", ids).execute(),
  user: async (db, workspaceId, ids) =>
    (
      await db
        .selectFrom("users")
        .select(["id", "name", "email"])
        .where("workspace_id", "=", workspaceId)
        .where("id", "in", ids)
        .where("deleted_at", "is", null)
        .execute()
    ).map((u) => ({ id: u.id, name: u.name ?? u.email })),
  invite: (db, workspaceId, ids) =>
    db.selectFrom("invites").select(["id", "email as name"]).where("workspace_id", "=", workspaceId).where("id", "in", ids).execute(),
  webhook_endpoint: (db, workspaceId, ids) =>
    db.selectFrom("webhook_endpoints").select(["id", "url as name"]).where("workspace_id", "=", workspaceId).where("id", "in", ids).execute(),
  workspace: (db, workspaceId, ids) => db.selectFrom("workspaces").select(["id", "name"]).where("id", "=", workspaceId).where("id", "in", ids).execute(),
};

/** Each object's name by its id; an object missing here is deleted, or of a kind with no name. */
export async function objectNames(db: Conn, workspaceId: string, objects: { type: AuditObjectType; id: string }[]): Promise<Map<string, string | null>> {
  const idsByType = new Map<AuditObjectType, Set<string>>();
  for (const { type, id } of objects) idsByType.set(type, (idsByType.get(type) ?? new Set()).add(id));
  const names = new Map<string, string | null>();
  for (const [type, ids] of idsByType) {
    const lookup = LOOKUPS[type];
    if (!lookup) continue;
    for (const row of await lookup(db, workspaceId, [...ids])) names.set(row.id, row.name);
  }
  return names;
}
