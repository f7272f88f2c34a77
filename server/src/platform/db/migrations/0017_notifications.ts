import type { Kysely } from "kysely";

// Closing the loop: who follows which post (end users and members, the id's prefix says which) and
// which boards a member watches; each change people hear about, written in the change's own
// transaction (notification_events) and fanned out after commit into one row per recipient
// (notifications: the dashboard's in-app list and the mail queue at once); the mails those rows
// are gathered into, each sent once; and what each person chose to hear.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("post_followers")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("post_id", "text", (c) => c.notNull())
    .addColumn("follower_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_followers_pkey", ["post_id", "follower_id"])
    .execute();
  await db.schema.createIndex("post_followers_by_follower").on("post_followers").columns(["workspace_id", "follower_id"]).execute();
  await db.schema
    .createTable("board_followers")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("board_id", "text", (c) => c.notNull())
    .addColumn("member_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("board_followers_pkey", ["board_id", "member_id"])
    .execute();
  await db.schema
    .createTable("notification_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("post_id", "text")
    .addColumn("actor_id", "text")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("fanned_out_at", "text")
    .execute();
  await db.schema.createIndex("notification_events_to_fan_out").on("notification_events").columns(["fanned_out_at", "id"]).execute();
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("recipient_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("post_id", "text")
    .addColumn("in_app", "integer", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addColumn("mail_state", "text", (c) => c.notNull())
    .addColumn("due_at", "text")
    .addColumn("mail_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("notifications_once_per_recipient", ["event_id", "recipient_id"])
    .execute();
  await db.schema.createIndex("notifications_by_recipient").on("notifications").columns(["workspace_id", "recipient_id", "id"]).execute();
  await db.schema.createIndex("notifications_to_mail").on("notifications").columns(["mail_state", "due_at"]).execute();
  await db.schema.createIndex("notifications_by_mail").on("notifications").column("mail_id").execute();
  await db.schema.createIndex("notifications_by_post").on("notifications").columns(["workspace_id", "post_id", "id"]).execute();
  await db.schema
    .createTable("notification_mails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("recipient_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("sent_at", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_mails_due").on("notification_mails").columns(["state", "next_attempt_at"]).execute();
  await db.schema.alterTable("users").addColumn("locale", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("email_notifications", "text", (c) => c.notNull().defaultTo("instant"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("follows_changelog", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("members")
    .addColumn("notification_settings", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.alterTable("workspaces").addColumn("notification_window_seconds", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("notification_window_seconds").execute();
  await db.schema.alterTable("members").dropColumn("notification_settings").execute();
  for (const column of ["follows_changelog", "email_notifications", "locale"]) await db.schema.alterTable("users").dropColumn(column).execute();
  for (const table of ["notification_mails", "notifications", "notification_events", "board_followers", "post_followers"])
    await db.schema.dropTable(table).execute();
}
