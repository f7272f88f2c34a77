import { type Kysely, sql } from "kysely";

// Whether a write that announces tells the followers: a bulk job's and a scheduled changelog
// entry's choice is kept until the job runs or the entry publishes, and a job keeps how many it
// mails, counted as it is made. An entry keeps when its
// publishing told its posts' followers (`told_at`): they are not told of those posts' completion
// again, and a second publishing tells nobody. Existing published entries told when they published.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("bulk_jobs")
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("bulk_jobs")
    .addColumn("notified", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("changelog_entries")
    .addColumn("notify", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("changelog_entries").addColumn("told_at", "text").execute();
  await sql`update changelog_entries set told_at = published_at where published_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("changelog_entries").dropColumn("told_at").execute();
  await db.schema.alterTable("changelog_entries").dropColumn("notify").execute();
  await db.schema.alterTable("bulk_jobs").dropColumn("notified").execute();
  await db.schema.alterTable("bulk_jobs").dropColumn("notify").execute();
}
