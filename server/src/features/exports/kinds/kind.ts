import { type Kysely, sql } from "kysely";
import type { Database } from "../../../platform/db/schema.js";
import { keyset, PAGE } from "../pages.js";

/** A JSON object as an export writes it (one line of a .jsonl file). */
export type Row = Record<string, unknown>;

/** A CSV file's column: its header and the row's value under it. */
export type CsvColumn = [header: string, value: (row: Row) => unknown];

/** One kind of object in the archive: `<name>.jsonl`, and `<name>.csv` when it has CSV columns. */
export interface ExportKind {
  name: string;
  /** How many rows it will write: the progress bar's share. */
  count(db: Kysely<Database>, workspaceId: string, until: string): Promise<number>;
  /**
   * Every row made up to `until` (the export's time), read a page at a time in key order: what is
   * written while the export runs stays out, so a vote never names a post the archive lacks.
   */
  rows(db: Kysely<Database>, workspaceId: string, until: string): AsyncGenerator<Row>;
  csv?: CsvColumn[];
}

/** Tables with a `workspace_id`, as an export reads them. */
type WorkspaceTable =
  | "boards"
  | "statuses"
  | "tags"
  | "members"
  | "companies"
  | "users"
  | "posts"
  | "votes"
  | "comments"
  | "changelog_entries"
  | "tracked_events";

/** The workspace's rows of `table` made up to `until` (`where` narrows them further). */
export async function countIn(db: Kysely<Database>, table: WorkspaceTable, workspaceId: string, until: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from ${sql.table(table)} where workspace_id = ${workspaceId} and created_at <= ${until} and ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A kind whose rows are the workspace's rows of one table by id, each shaped by `shape`: the
 * tables an export copies as they are (boards, statuses, tags, members, companies, users).
 */
export function tableKind(
  name: string,
  table: WorkspaceTable,
  shape: (row: Row) => Row,
  options: { where?: ReturnType<typeof sql>; csv?: CsvColumn[] } = {},
): ExportKind {
  const where = options.where ?? sql`true`;
  return {
    name,
    csv: options.csv,
    count: (db, ws, until) => countIn(db, table, ws, until, where),
    rows: (db, ws, until) =>
      keyset(async (after) => {
        const afterId = after ? (after.id as string) : "";
        const { rows } = await sql<Row>`select * from ${sql.table(table)}
          where workspace_id = ${ws} and id > ${afterId} and created_at <= ${until} and ${where} order by id limit ${PAGE}`.execute(db);
        return rows.map(shape);
      }),
  };
}

/** The row's value under `key`, as it is: most CSV columns. */
export const field =
  (key: string) =>
  (row: Row): unknown =>
    row[key];
