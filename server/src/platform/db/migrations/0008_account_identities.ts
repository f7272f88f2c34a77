import type { Kysely } from "kysely";

// Single sign-on: an account may also be known to an OpenID Connect provider, by the provider's
// issuer and its stable subject id (never by email alone, which a provider may let change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_identities")
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("account_identities_pk", ["issuer", "subject"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("account_identities").execute();
}
