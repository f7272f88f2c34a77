import { decodeCursor, encodeCursor, type CursorValue } from "./cursor.js";

export interface PageInput {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

/** Decodes the incoming cursor of a keyset query (undefined on the first page). */
export function afterCursor(secret: Buffer, queryKey: string, page: PageInput, arity: number): CursorValue[] | undefined {
  return page.cursor === undefined ? undefined : decodeCursor(secret, queryKey, page.cursor, arity);
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
