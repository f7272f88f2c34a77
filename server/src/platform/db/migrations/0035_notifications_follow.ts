import { type Kysely, sql } from "kysely";

// Notifications follow the outbox (features/notifications/follower.ts): each notification event is
// keyed to the outbox event it came from (one event may tell of two things, so the key is the event
// and the kind), and `notification_withdrawals` keeps the events of an undone change that the
// follower must pass by. Its cursor starts at the outbox's end: the announcements written before
// are in `notification_events` already and are fanned out as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notification_events").addColumn("outbox_id", "text").execute();
  await db.schema.createIndex("notification_events_by_outbox").on("notification_events").columns(["outbox_id", "kind"]).unique().execute();
  await db.schema
    .createTable("notification_withdrawals")
    .addColumn("outbox_id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await sql`insert into outbox_cursors (name, position, ahead, updated_at) values ('notifications', coalesce((select max(seq) from outbox), 0), '[]', ${at})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from outbox_cursors where name = 'notifications'`.execute(db);
  await db.schema.dropTable("notification_withdrawals").execute();
  await db.schema.dropIndex("notification_events_by_outbox").execute();
  await db.schema.alterTable("notification_events").dropColumn("outbox_id").execute();
}
