import { type Kysely, sql } from "kysely";

// Whether a sign-in through a linked identity counts as a second factor: only through one linked
// with the account's full proof, or one that is the account's only way in. Identities linked
// before a link asked for that proof count only where the account has no password (the provider
// signed it up, or linked it by its email and ended the password): one linked from Settings by a
// session alone may have been a thief's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("account_identities")
    .addColumn("counts_as_second_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update account_identities set counts_as_second_factor = 1
    where account_id in (select id from accounts where password_hash is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("account_identities").dropColumn("counts_as_second_factor").execute();
}
