import type { z } from "@hono/zod-openapi";
import type { PageQuery } from "../fields.js";
import { decodeCursor, encodeCursor, type CursorKind, type CursorValue, type CursorValues } from "./cursor.js";

/** The `limit` and `cursor` of every list, as the validated query gives them. */
export type PageInput = z.output<z.ZodObject<typeof PageQuery>>;

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * Decodes the incoming cursor of a keyset query (undefined on the first page), typed by the kinds
 * of its key values: `BY_ID`, or e.g. `["number", "string"]` for a count then an id.
 */
export function afterCursor<const Kinds extends readonly CursorKind[]>(
  secret: Buffer,
  queryKey: string,
  page: PageInput,
  kinds: Kinds,
): CursorValues<Kinds> | undefined {
  return page.cursor === undefined ? undefined : decodeCursor(secret, queryKey, page.cursor, kinds);
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only says another page exists, and the
 * cursor holds the sort key of the last row shown.
 */
export function toPage<Row, Out>(
  rows: Row[],
  limit: number,
  secret: Buffer,
  queryKey: string,
  keyOf: (row: Row) => CursorValue[],
  shape: (rows: Row[]) => Out[],
): Page<Out> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return {
    data: shape(shown),
    nextCursor: more ? encodeCursor(secret, queryKey, keyOf(shown[shown.length - 1]!)) : null,
  };
}
