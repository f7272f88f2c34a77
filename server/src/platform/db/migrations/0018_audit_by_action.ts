import type { Kysely } from "kysely";

// The audit log filtered by what happened (`GET /audit-log?action=post.status_changed`), newest
// first, reads its own index as the actor and object filters do.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("audit_by_action").on("audit_log").columns(["workspace_id", "action", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_by_action").execute();
}
