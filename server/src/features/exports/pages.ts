// Reading a table a page at a time, in key order, so an export of any size holds one page in memory.

/** Rows read per query. */
export const PAGE = 1_000;

/**
 * Every row `read` gives, page after page: `read(after)` answers the rows after the last one of
 * the previous page (undefined for the first), at most PAGE; a short page is the last.
 */
export async function* keyset<Row>(read: (after: Row | undefined) => Promise<Row[]>): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1);
  }
}

/** The rows in groups of `size`: a page of posts whose votes are read together, say. */
export async function* inGroups<Row>(rows: AsyncIterable<Row>, size = PAGE): AsyncGenerator<Row[]> {
  let group: Row[] = [];
  for await (const row of rows) {
    group.push(row);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}
