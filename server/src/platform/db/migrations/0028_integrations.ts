import { type Kysely, sql } from "kysely";

// Integrations (features/integrations): a workspace's connections to Slack, GitHub and Linear,
// their credentials sealed with INTEGRATIONS_KEY; the tracker issues linked to posts; what Heed
// sends them, queued like webhook deliveries (retried, at most one per change); the provider
// deliveries received (one row per delivery id, so a repeat changes nothing); and a log of both
// directions for the dashboard.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("integrations")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    // `slack`, `github` or `linear`.
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    // JSON, nothing secret: channel, boards and events (Slack); repositories or teams and the status mapping (trackers).
    .addColumn("settings", "text", (c) => c.notNull())
    // Sealed (AES-256-GCM with INTEGRATIONS_KEY): the token, API key or incoming-webhook URL.
    .addColumn("credentials", "text", (c) => c.notNull())
    // Sealed: the secret the provider signs its webhooks with (trackers only).
    .addColumn("signing_secret", "text")
    // Who the credentials belong to, as the provider answered the last check.
    .addColumn("account", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integrations_by_workspace").on("integrations").columns(["workspace_id", "id"]).execute();

  await db.schema
    .createTable("integration_links")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("post_id", "text", (c) => c.notNull().references("posts.id").onDelete("cascade"))
    // pending (being created or looked up) → linked | failed.
    .addColumn("state", "text", (c) => c.notNull())
    // JSON: what was asked, `{create: {target, title}}` or `{reference}`.
    .addColumn("request", "text", (c) => c.notNull())
    .addColumn("issue_id", "text")
    .addColumn("issue_key", "text")
    .addColumn("issue_url", "text")
    .addColumn("issue_title", "text")
    .addColumn("issue_state", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integration_links_by_post").on("integration_links").columns(["post_id", "id"]).execute();
  await db.schema.createIndex("integration_links_by_issue").on("integration_links").columns(["integration_id", "issue_id"]).execute();

  await db.schema
    .createTable("integration_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    // `message` (Slack), `create_issue`, `find_issue`, `comment` (trackers).
    .addColumn("kind", "text", (c) => c.notNull())
    // The change it comes from (an outbox event id, or the link it fills in): unique per integration.
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("link_id", "text")
    // JSON: what to send.
    .addColumn("payload", "text", (c) => c.notNull())
    // pending → sent | failed.
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("integration_deliveries_once", ["integration_id", "kind", "source_id"])
    .execute();
  await db.schema.createIndex("integration_deliveries_due").on("integration_deliveries").columns(["state", "next_attempt_at"]).execute();

  // One row per provider delivery id: a delivery received twice is acknowledged and ignored.
  await db.schema
    .createTable("integration_receipts")
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("delivery_id", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("integration_receipts_pk", ["integration_id", "delivery_id"])
    .execute();
  await db.schema.createIndex("integration_receipts_by_age").on("integration_receipts").columns(["received_at"]).execute();

  // What each integration sent and received, newest first in the dashboard: kept 30 days.
  await db.schema
    .createTable("integration_log")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    // `out` or `in`.
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // sent | retrying | failed (out); applied | ignored | duplicate | refused (in).
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integration_log_by_integration").on("integration_log").columns(["integration_id", "id"]).execute();
  await db.schema.createIndex("integration_log_by_age").on("integration_log").columns(["created_at"]).execute();

  // The integrations' own claim on outbox events (webhooks claim theirs with dispatched_at), and the
  // integration a change came from, which is never sent that change back. Events already there
  // count as taken: connecting an integration does not replay history.
  await db.schema.alterTable("outbox").addColumn("integrations_at", "text").execute();
  await db.schema.alterTable("outbox").addColumn("origin", "text").execute();
  await sql`update outbox set integrations_at = created_at`.execute(db);
  await db.schema.createIndex("outbox_integrations_pending").on("outbox").columns(["integrations_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("outbox_integrations_pending").execute();
  await db.schema.alterTable("outbox").dropColumn("origin").execute();
  await db.schema.alterTable("outbox").dropColumn("integrations_at").execute();
  await db.schema.dropTable("integration_log").execute();
  await db.schema.dropTable("integration_receipts").execute();
  await db.schema.dropTable("integration_deliveries").execute();
  await db.schema.dropTable("integration_links").execute();
  await db.schema.dropTable("integrations").execute();
}
