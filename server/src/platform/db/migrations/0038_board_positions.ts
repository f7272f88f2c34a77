import { type Kysely, sql } from "kysely";

// Boards in the order the team sets (Settings → Boards, POST /boards/reorder), which the dashboard
// and the portal show them in. Existing boards keep the order they had, oldest first.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("boards")
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update boards set position = (
    select count(*) from boards earlier
    where earlier.workspace_id = boards.workspace_id
      and (earlier.created_at < boards.created_at or (earlier.created_at = boards.created_at and earlier.id < boards.id))
  )`.execute(db);
  await db.schema.createIndex("boards_by_position").on("boards").columns(["workspace_id", "position", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("boards_by_position").execute();
  await db.schema.alterTable("boards").dropColumn("position").execute();
}
