import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";

// The dashboard's "find a person or company as you type": a case-insensitive substring match
// over a few text columns. LIKE is case-sensitive on PostgreSQL and not on SQLite, so both sides
// are lowered; `%`, `_` and `\` in what was typed are escaped, so they match themselves.

/** `q` as a LIKE pattern that matches it anywhere, escaped with `\`. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of `columns` holds `q`, ignoring case. A scan of the workspace's rows: paged, and meant for lists people search. */
// biome-ignore lint/suspicious/noExplicitAny: one helper for every table's builder
export function containsAny<EB extends ExpressionBuilder<any, any>>(eb: EB, columns: string[], q: string): Expression<SqlBool> {
  const pattern = containsPattern(q.trim());
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}
