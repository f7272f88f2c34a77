import type { Kysely } from "kysely";

// What Heed sends to (webhook endpoints, integrations) keeps its run of failed attempts, and why and
// when Heed turned it off (platform/turn-off): `failure_count` attempts in a row have failed, the
// first at `failing_since`. While one is off, its deliveries wait `held` (a state, no new column),
// and turning it on again releases them. `member_mails` queues the plain mails to members that are
// sent after the change that asked for them commits: the one telling owners and admins why.

const RECEIVERS = ["webhook_endpoints", "integrations"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of RECEIVERS) {
    await db.schema
      .alterTable(table)
      .addColumn("failure_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn("failing_since", "text").execute();
    // `failing` (the rule) or `gone` (a webhook receiver's 410); null when on, or turned off by hand.
    await db.schema.alterTable(table).addColumn("disabled_reason", "text").execute();
    await db.schema.alterTable(table).addColumn("disabled_at", "text").execute();
    await db.schema.alterTable(table).addColumn("disabled_error", "text").execute();
  }
  // Held deliveries are counted and released by their receiver: the webhooks' index on (state,
  // endpoint_id, id) serves them already; the integrations' is on (state, next_attempt_at).
  await db.schema.createIndex("integration_deliveries_by_state").on("integration_deliveries").columns(["state", "integration_id", "id"]).execute();
  await db.schema
    .createTable("member_mails")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("member_id", "text", (c) => c.notNull().references("members.id").onDelete("cascade"))
    // Which mail (platform/mail/member-mails.ts) and, as JSON, what it says.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    // pending → sent | failed.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("member_mails_due").on("member_mails").columns(["state", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("member_mails").execute();
  await db.schema.dropIndex("integration_deliveries_by_state").execute();
  for (const table of RECEIVERS)
    for (const column of ["failure_count", "failing_since", "disabled_reason", "disabled_at", "disabled_error"])
      await db.schema.alterTable(table).dropColumn(column).execute();
}
