import { type SelectQueryBuilder, sql } from "kysely";
import type { CursorKind, CursorValue } from "./cursor.js";
import { afterCursor, type Page, type PageInput, toPage } from "./page.js";

/**
 * The order a list is paged in: its sort columns, the last of them unique (the id, usually), the
 * kind of each (what its cursor value must be), and one direction for all of them, so that "after
 * the last row shown" is one row-value comparison an index can serve.
 */
export interface KeysetOrder<Kinds extends readonly CursorKind[] = readonly CursorKind[]> {
  by: { readonly [I in keyof Kinds]: string };
  kinds: Kinds;
  direction: "asc" | "desc";
  /** The row's names of the sort columns where the select renamed them (`v.created_at as voted_at`). */
  fields?: readonly string[];
}

/** The most common order: by id, oldest (`asc`) or newest (`desc`) first. */
export const byId = (direction: "asc" | "desc"): KeysetOrder => ({ by: ["id"], kinds: ["string"], direction });

interface KeysetList<DB, TB extends keyof DB, Row, Out> {
  /** Binds the cursor to this list: the route, the workspace and every filter that shapes it. */
  key: string;
  input: PageInput;
  /**
   * The rows of the list, filtered but not yet ordered or limited; or a function that builds them
   * after the cursor is checked, when building looks something up (a malformed request is a 400
   * whatever it names).
   */
  query: SelectQueryBuilder<DB, TB, Row> | (() => Promise<SelectQueryBuilder<DB, TB, Row>>);
  order: KeysetOrder;
  shape: (rows: Row[]) => Out[];
}

/**
 * One page of a list: `query` ordered by `order`, continued after the incoming cursor (checked
 * first: 400 for one this list did not issue), `limit + 1` rows read so the extra one says another
 * page exists. A column given as `alias.column` is read back from the row as `column`.
 */
export async function keysetPage<DB, TB extends keyof DB, Row, Out>(
  ctx: { services: { cursorSecret: Buffer } },
  list: KeysetList<DB, TB, Row, Out>,
): Promise<Page<Out>> {
  const { key, input, order } = list;
  const secret = ctx.services.cursorSecret;
  const after = afterCursor(secret, key, input, order.kinds);
  let query = typeof list.query === "function" ? await list.query() : list.query;
  for (const column of order.by) query = query.orderBy(sql.ref(column), order.direction);
  if (after) {
    const columns = sql.join(order.by.map((column) => sql.ref(column)));
    const past = order.direction === "asc" ? sql`>` : sql`<`;
    query = query.where(sql<boolean>`(${columns}) ${past} (${sql.join(after)})`);
  }
  const fields = order.fields ?? order.by.map((column) => column.slice(column.indexOf(".") + 1));
  const rows = await query.limit(input.limit + 1).execute();
  return toPage(rows, input.limit, secret, key, (row) => fields.map((field) => (row as Record<string, CursorValue>)[field]!), list.shape);
}
