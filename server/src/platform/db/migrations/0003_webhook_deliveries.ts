import type { Kysely } from "kysely";

// One delivery per (event, subscribed endpoint), with every attempt logged. The event's outbox id
// is the delivery's `webhook-id`, the same across retries and replays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("endpoint_id", "text", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("last_duration_ms", "integer")
    .addColumn("last_response_excerpt", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The worker's question: for each endpoint, its oldest pending delivery.
  await db.schema.createIndex("webhook_deliveries_pending").on("webhook_deliveries").columns(["state", "endpoint_id", "id"]).execute();
  await db.schema.createIndex("webhook_deliveries_by_endpoint").on("webhook_deliveries").columns(["endpoint_id", "id"]).execute();
  await db.schema.createIndex("webhook_deliveries_by_event").on("webhook_deliveries").columns(["workspace_id", "event_id"]).execute();

  await db.schema
    .createTable("webhook_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("delivery_id", "text", (c) => c.notNull().references("webhook_deliveries.id").onDelete("cascade"))
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("status", "integer")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("response_excerpt", "text")
    .addColumn("error", "text")
    .execute();
  await db.schema.createIndex("webhook_attempts_by_delivery").on("webhook_attempts").columns(["delivery_id", "attempt"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_attempts").execute();
  await db.schema.dropTable("webhook_deliveries").execute();
}
