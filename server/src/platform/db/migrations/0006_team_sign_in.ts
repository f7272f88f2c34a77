import { type Kysely, sql } from "kysely";

// Team sign-in. An account (an email with a password, later an OpenID Connect identity) signs in
// and is a member of one or more workspaces; the member row keeps its role, email and name in that
// workspace. Sessions, invites and password resets store only a SHA-256 of their secret token, so
// a copy of the database opens nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("members")
    .addColumn("account_id", "text", (c) => c.references("accounts.id"))
    .execute();
  // Members made before accounts existed (by the operator or tests) get one account per email.
  await sql`insert into accounts (id, email, name, password_hash, created_at, updated_at)
    select 'acc_' || substr(min(id), 5), lower(email), min(name), max(password_hash), min(created_at), max(updated_at)
    from members group by lower(email)`.execute(db);
  await sql`update members set account_id = (select a.id from accounts a where a.email = lower(members.email))`.execute(db);
  await db.schema.alterTable("members").dropColumn("password_hash").execute();
  await db.schema.createIndex("members_by_account").on("members").columns(["account_id", "workspace_id"]).unique().execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    // The workspace the session acts in when a request names none (x-heed-workspace).
    .addColumn("workspace_id", "text", (c) => c.references("workspaces.id").onDelete("set null"))
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_by_account").on("sessions").columns(["account_id", "id"]).execute();

  await db.schema
    .createTable("invites")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    // Null for the first owner's invite, printed at first start: whoever opens it names the email.
    .addColumn("email", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("invites_by_workspace").on("invites").columns(["workspace_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("invites").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropIndex("members_by_account").execute();
  await db.schema.alterTable("members").addColumn("password_hash", "text").execute();
  await db.schema.alterTable("members").dropColumn("account_id").execute();
  await db.schema.dropTable("accounts").execute();
}
