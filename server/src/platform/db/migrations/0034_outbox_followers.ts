import { type Kysely, sql } from "kysely";
import { dialectOf } from "../database.js";

// The outbox is read by followers, each from its own cursor (platform/changes/follow.ts): events
// get `seq`, a number taken as they are written, and `outbox_cursors` holds how far each follower
// has read, and `facts`, what followers need to know of a change beyond its webhook payload (which
// stays as published). The webhooks' and integrations' claim marks go.
//
// Existing events are numbered with those the webhooks already fanned out first, so that their
// cursor starts after exactly those: nothing pending is lost and nothing fanned out is sent again.
// The integrations' cursor starts before their first pending event; one they took after it is
// taken again and queues nothing twice (one delivery per integration, kind and event). Posts
// queued for a duplicate check stay queued: that follower starts after the last event.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  // SQLite adds a column that may not be empty only with a default; every insert sets its own.
  await db.schema
    .alterTable("outbox")
    .addColumn("seq", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("outbox").addColumn("facts", "text").execute();
  const numbered = sql`select id, row_number() over (order by case when dispatched_at is null then 1 else 0 end, id) as n from outbox`;
  await sql`update outbox set seq = numbered.n from (${numbered}) as numbered where numbered.id = outbox.id`.execute(db);
  await db.schema.createIndex("outbox_by_seq").on("outbox").column("seq").unique().execute();
  if (postgres) {
    await sql`create sequence outbox_seq`.execute(db);
    await sql`select setval('outbox_seq', (select coalesce(max(seq), 0) + 1 from outbox), false)`.execute(db);
    await sql`alter table outbox alter column seq set default nextval('outbox_seq')`.execute(db);
  }

  await db.schema
    .createTable("outbox_cursors")
    .addColumn("name", "text", (c) => c.primaryKey())
    // Every event up to here is read.
    .addColumn("position", "bigint", (c) => c.notNull())
    // JSON: events after `position` read already, past a number not yet seen (it may still commit).
    .addColumn("ahead", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  const before = (claim: string) => sql<number>`coalesce((select min(seq) - 1 from outbox where ${sql.ref(claim)} is null), (select max(seq) from outbox), 0)`;
  const last = sql<number>`coalesce((select max(seq) from outbox), 0)`;
  for (const [name, position] of [
    ["webhooks", before("dispatched_at")],
    ["integrations", before("integrations_at")],
    ["duplicate-checks", last],
  ] as const) {
    await sql`insert into outbox_cursors (name, position, ahead, updated_at) values (${name}, ${position}, '[]', ${at})`.execute(db);
  }

  await db.schema.dropIndex("outbox_pending").execute();
  await db.schema.dropIndex("outbox_integrations_pending").execute();
  await db.schema.alterTable("outbox").dropColumn("dispatched_at").execute();
  await db.schema.alterTable("outbox").dropColumn("integrations_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("dispatched_at", "text").execute();
  await db.schema.alterTable("outbox").addColumn("integrations_at", "text").execute();
  const done = (name: string) => sql`coalesce(seq <= (select position from outbox_cursors where name = ${name}), false)`;
  await sql`update outbox set dispatched_at = case when ${done("webhooks")} then created_at end, integrations_at = case when ${done("integrations")} then created_at end`.execute(
    db,
  );
  await db.schema.createIndex("outbox_pending").on("outbox").columns(["dispatched_at", "id"]).execute();
  await db.schema.createIndex("outbox_integrations_pending").on("outbox").columns(["integrations_at", "id"]).execute();
  await db.schema.dropTable("outbox_cursors").execute();
  await db.schema.dropIndex("outbox_by_seq").execute();
  await db.schema.alterTable("outbox").dropColumn("seq").execute();
  await db.schema.alterTable("outbox").dropColumn("facts").execute();
  if (dialectOf(db) === "postgres") await sql`drop sequence outbox_seq`.execute(db);
}
