import type { Kysely } from "kysely";

// Idempotency keys: one row per (credential, key), kept 24 h. A row is `running` while its first
// request runs (with a lease, so a crashed process does not block retries forever) and `done` once
// the response it stored committed together with the request's writes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("status", "integer")
    .addColumn("headers", "text")
    .addColumn("body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["scope", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_by_expiry").on("idempotency_keys").columns(["expires_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
