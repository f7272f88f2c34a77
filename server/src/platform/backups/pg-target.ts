import { sql } from "kysely";
import { openDatabase } from "../db/database.js";

// What the PostgreSQL database of a DATABASE_URL holds in Heed's schema: the schema its sessions
// use (the URL's search_path, `public` by default), whether it exists, how many relations it has,
// and which migrations are applied there.

export interface PostgresTarget {
  /** The URL without its password, for messages. */
  description: string;
  schema: string;
  schemaExists: boolean;
  /** Tables, views and sequences in the schema. */
  relations: number;
  /** Applied migrations, oldest first; empty without Heed's migration table. */
  migrations: string[];
}

/** The first schema of a search_path setting (`"$user", public` is public when no schema has the user's name). */
function firstSchema(searchPath: string): string | undefined {
  return searchPath
    .split(",")
    .map((entry) =>
      entry
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .replaceAll('""', '"'),
    )
    .find((entry) => entry !== "" && entry !== "$user");
}

export async function inspectPostgres(url: string): Promise<PostgresTarget> {
  const { db, description } = openDatabase(url, { poolSize: 1 });
  try {
    // current_schema() is the first schema of the search_path that exists; null when none does
    // (a restore's schema not made yet), and then the setting itself names it.
    const current = (await sql<{ schema: string | null; path: string }>`select current_schema() as schema, current_setting('search_path') as path`.execute(db))
      .rows[0]!;
    const schema = current.schema ?? firstSchema(current.path);
    if (!schema) throw new Error(`DATABASE_URL's search_path names no schema ('${current.path}')`);
    const exists = (await sql<{ n: number }>`select count(*) as n from pg_namespace where nspname = ${schema}`.execute(db)).rows[0]!.n > 0;
    const relations = (
      await sql<{ n: number }>`select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`.execute(db)
    ).rows[0]!.n;
    const hasMigrations =
      (await sql<{ n: number }>`select count(*) as n from pg_tables where schemaname = ${schema} and tablename = 'heed_migrations'`.execute(db)).rows[0]!.n > 0;
    const migrations = hasMigrations
      ? (await sql<{ name: string }>`select name from ${sql.id(schema, "heed_migrations")} order by name`.execute(db)).rows.map((row) => row.name)
      : [];
    return { description, schema, schemaExists: exists, relations, migrations };
  } finally {
    await db.destroy();
  }
}
