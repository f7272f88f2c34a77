import type { Kysely } from "kysely";

// Two lists gain a way to read them, each with its own index: the audit log filtered by what
// happened (`GET /audit-log?action=post.status_changed`), newest first, as its actor and object
// filters are; and companies by monthly spend, highest first (`GET /companies?sort=spend`).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("audit_by_action").on("audit_log").columns(["workspace_id", "action", "id"]).execute();
  await db.schema.createIndex("companies_by_spend").on("companies").columns(["workspace_id", "monthly_spend", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("companies_by_spend").execute();
  await db.schema.dropIndex("audit_by_action").execute();
}
