import type { Kysely } from "kysely";

// A workspace's own OpenID Connect provider (its Okta, Entra ID, Google Workspace or Keycloak),
// beside the server-wide one of OIDC_ISSUER. The client secret is kept as given: Heed must send it
// to the provider, so it cannot be hashed; the API never answers it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_single_sign_on")
    .addColumn("workspace_id", "text", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_secret", "text", (c) => c.notNull())
    .addColumn("allowed_domains", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("workspace_single_sign_on").execute();
}
