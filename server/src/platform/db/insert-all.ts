import { CompiledQuery, type Insertable, type Kysely } from "kysely";
import { dialectOf } from "./database.js";
import type { Database } from "./schema.js";

// Many rows at once, as multi-row INSERTs of up to ~8,000 parameters each (well below SQLite's
// 32,766 and PostgreSQL's 65,535). The statement's text is made once per table, columns and row
// count and sent with its parameters as they are: building a 1,300-row insert through the query
// builder on every call cost more than SQLite took to run it (a million imported votes: seconds
// of the builder's parsing), and the same text reuses the driver's prepared statement.

const texts = new Map<string, string>();

function statementText(table: string, columns: string[], rows: number, postgres: boolean, ignoreConflicts: boolean): string {
  const key = `${postgres ? "pg" : "sqlite"}\u0000${table}\u0000${columns.join(",")}\u0000${rows}\u0000${ignoreConflicts}`;
  let text = texts.get(key);
  if (text === undefined) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (postgres ? `$${++n}` : "?")).join(", ")})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values ${Array.from({ length: rows }, tuple).join(", ")}${ignoreConflicts ? " on conflict do nothing" : ""}`;
    if (texts.size > 500) texts.clear();
    texts.set(key, text);
  }
  return text;
}

/** Inserts `rows` (all with the same columns); `ignoreConflicts` skips a row whose key is taken instead of failing. */
export async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  options: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const postgres = dialectOf(db) === "postgres";
  const perStatement = Math.max(1, Math.floor(8_000 / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement) as Record<string, unknown>[];
    const parameters: unknown[] = [];
    for (const row of batch) for (const column of columns) parameters.push(row[column] ?? null);
    await db.executeQuery(CompiledQuery.raw(statementText(table, columns, batch.length, postgres, options.ignoreConflicts === true), parameters));
  }
}
