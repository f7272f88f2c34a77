import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { despiteSchemasDroppedMeanwhile } from "../migrate.js";
import { freshDatabase, type TestDatabase } from "../../../../test/support/database.js";

// The Kysely table types (platform/db/schema.ts) are written by hand beside the migrations; this
// holds them to what the migrations build, on the database of this project: the same tables, the
// same columns, and a column may hold null exactly when its type says so.

const SCHEMA_TS = fileURLToPath(new URL("../schema.ts", import.meta.url));

/** Tables the migrations leave that no query names: Kysely's own bookkeeping (platform/db/migrate.ts). */
const BOOKKEEPING = new Set(["heed_migrations", "heed_migrations_lock"]);

/**
 * Where the two databases differ on purpose: the full-text index (platform/search). schema.ts
 * declares what both share; these are each one's own, named only in that database's SQL.
 */
const ONE_DATABASE_ONLY = {
  sqlite: { tables: ["search_word_trigrams"], columns: { post_search: ["id"] }, engineTables: /^post_search_text/ },
  postgres: { tables: [], columns: { post_search: ["document"] }, engineTables: /^$/ },
} as const;

type Columns = Record<string, "null" | "not null">;

/** Each table of the `Database` interface, as the TypeScript compiler reads its row type. */
function declaredTables(): Record<string, Columns> {
  const program = ts.createProgram([SCHEMA_TS], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [],
  });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA_TS)!;
  const database = file.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database");
  if (!database) throw new Error("schema.ts has no Database interface");
  const tables: Record<string, Columns> = {};
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const columns: Columns = {};
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbol(table))) {
      const type = checker.getTypeOfSymbol(column);
      // Generated<T> and ColumnType<S, I, U> are objects whose `__select__` is what a select reads.
      const selected = (type.isUnion() ? type.types : [type]).map((t) => {
        const select = t.getProperty("__select__");
        return select ? checker.getTypeOfSymbol(select) : t;
      });
      const members = selected.flatMap((t) => (t.isUnion() ? t.types : [t]));
      // An unresolved name reads as `any`, which would pass for "not null": fail instead.
      if (members.some((t) => t.flags & ts.TypeFlags.Any)) throw new Error(`schema.ts: ${table.name}.${column.name} has a type the compiler cannot resolve`);
      columns[column.name] = members.some((t) => t.flags & ts.TypeFlags.Null) ? "null" : "not null";
    }
    tables[table.name] = columns;
  }
  return tables;
}

/** The tables the migrations built, as Kysely's introspection reads them. */
async function migratedTables(database: TestDatabase): Promise<Record<string, Columns>> {
  const { db, dialect } = database;
  // On PostgreSQL introspection lists every schema of the `test` database (other files' too): keep this file's.
  const schema = dialect === "postgres" ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const tables: Record<string, Columns> = {};
  const own = ONE_DATABASE_ONLY[dialect];
  for (const table of await despiteSchemasDroppedMeanwhile(() => db.introspection.getTables())) {
    if (schema !== undefined && table.schema !== schema) continue;
    // The FTS5 table and the shadow tables SQLite keeps for it.
    if (own.engineTables.test(table.name)) continue;
    // SQLite's own tables (sqlite_sequence, sqlite_stat1 from `pragma optimize`); Kysely skips them already.
    if (BOOKKEEPING.has(table.name) || table.name.startsWith("sqlite_")) continue;
    // SQLite lets a PRIMARY KEY column of an ordinary table hold null unless it also says NOT NULL (a
    // bug it keeps for compatibility: sqlite.org/lang_createtable.html); the migrations' `primaryKey()`
    // ids rely on PostgreSQL, where a primary key is never null, and on the code always setting them.
    const keys =
      dialect === "sqlite"
        ? new Set((await sql<{ name: string }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db)).rows.map((r) => r.name))
        : new Set<string>();
    const ownColumns: readonly string[] = (own.columns as Record<string, readonly string[]>)[table.name] ?? [];
    tables[table.name] = Object.fromEntries(
      table.columns.filter((c) => !ownColumns.includes(c.name)).map((c) => [c.name, c.isNullable && !keys.has(c.name) ? "null" : "not null"]),
    );
  }
  return tables;
}

describe("platform/db/schema.ts", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("names every table, column and null the migrations make, and nothing else", async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(database);
    // A table only the other database has is declared, and missing here.
    const theOther = database.dialect === "sqlite" ? ONE_DATABASE_ONLY.postgres : ONE_DATABASE_ONLY.sqlite;
    for (const table of theOther.tables) delete declared[table];
    expect(Object.keys(declared).sort(), "tables (- the migrated database, + schema.ts)").toEqual(Object.keys(migrated).sort());
    for (const [table, columns] of Object.entries(migrated)) {
      const sorted = (c: Columns | undefined) => Object.fromEntries(Object.entries(c ?? {}).sort(([a], [b]) => a.localeCompare(b)));
      expect(sorted(declared[table]), `table ${table} (- the migrated database, + schema.ts)`).toEqual(sorted(columns));
    }
  });
});
