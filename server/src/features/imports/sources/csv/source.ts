import { createHash } from "node:crypto";
import type { ImportSource } from "../../../../platform/db/schema.js";
import { DateColumn } from "../../dates.js";
import {
  type CsvKind,
  type ImportedKinds,
  type ImportKind,
  type ImportSourceReader,
  type ReadDateColumn,
  type RowProblem,
  type SourceRow,
  UnreadableSource,
} from "../../model.js";
import type { CsvMapping } from "./mapping.js";
import { columnsOf, DATE_FIELDS, fieldsOf, formatOf, MAPPED_FIELDS, REQUIRED_FIELDS } from "./mapping.js";
import { csvRecords, type CsvFile } from "./read.js";

// CSV files (one per kind) read through a mapping into the import's rows. Cells are text as they
// are: a cell that starts with `=` is a title that starts with `=`, shown as text everywhere Heed
// shows it (and neutralised again by Heed's own CSV export). Only Heed's own export is unescaped:
// the apostrophe that export put before such a cell is taken off, so an export imports back the same.
// A date column is read under its format (dates.ts): the mapping's, or else the one its values
// allow, found by reading the file once before it lands, until only one format is left (at its first
// date for ISO or Unix times; to its end for a column whose values all fit two).

export interface CsvSourceOptions {
  source: Extract<ImportSource, "csv" | "uservoice">;
  files: Partial<Record<CsvKind, CsvFile>>;
  mapping: CsvMapping;
  /**
   * The columns the person named (over the built-in ones): a missing one is reported. A built-in
   * column a file lacks (an optional one of UserVoice's) is simply not read.
   */
  named?: CsvMapping;
  /** Take off the apostrophe Heed's export puts before a cell a spreadsheet would run. */
  unescapeFormulas?: boolean;
  limit: number;
}

const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;

type Cells = (field: string) => string | undefined;

/** What reading a record gives a kind's reader: its cells, its tags, its dates, its problems. */
interface RecordReading {
  cell: Cells;
  tags: () => string[];
  /** A date field's value, read under its column's format (undefined when empty, or when it does not read). */
  date: (field: (typeof DATE_FIELDS)[number]) => string | undefined;
  problems: RowProblem[];
}

/** A post without an id of its own is known by its content, so the same file imports once. */
function contentRef(...parts: (string | undefined)[]): string {
  return `sha256:${createHash("sha256")
    .update(parts.map((p) => p ?? "").join("\u0000"))
    .digest("hex")
    .slice(0, 32)}`;
}

const present = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value.trim());

function flag(value: string | undefined): boolean {
  return ["1", "true", "yes", "y", "internal"].includes((value ?? "").trim().toLowerCase());
}

/** One record as the kind's object. */
const READERS: { [K in CsvKind]: (record: RecordReading) => ImportedKinds[K] } = {
  companies: ({ cell, date, problems }) => {
    const spend = present(cell("monthlySpend"));
    const monthlySpend = spend === undefined ? undefined : Number(spend.replace(/[$,\s]/g, ""));
    if (monthlySpend !== undefined && !Number.isFinite(monthlySpend))
      problems.push({ field: "monthlySpend", code: "invalid_number", message: "Not a number: the company is kept with no spend.", value: spend });
    return {
      ref: cell("ref")!,
      name: cell("name") ?? "",
      monthlySpend: Number.isFinite(monthlySpend) ? monthlySpend : undefined,
      createdAt: date("createdAt"),
    };
  },
  users: ({ cell, date }) => ({
    ref: cell("ref")!,
    externalId: present(cell("externalId")),
    email: present(cell("email")),
    name: present(cell("name")),
    companyRef: present(cell("companyRef")),
    createdAt: date("createdAt"),
  }),
  posts: ({ cell, tags, date }) => ({
    ref: present(cell("ref")) ?? contentRef(cell("title"), cell("body"), cell("board"), cell("createdAt")),
    board: cell("board") ?? "",
    title: cell("title") ?? "",
    body: cell("body") ?? "",
    status: present(cell("status")),
    tags: tags(),
    authorRef: present(cell("authorRef")),
    authorEmail: present(cell("authorEmail")),
    createdAt: date("createdAt"),
    mergedIntoRef: present(cell("mergedIntoRef")),
  }),
  votes: ({ cell, date }) => {
    const email = present(cell("userEmail"));
    const name = present(cell("userName"));
    const userRef = present(cell("userRef"));
    return {
      postRef: cell("postRef")!,
      userRef,
      // A file that describes its voters (UserVoice's) makes the people it names.
      ...(email !== undefined || name !== undefined ? { user: { email, name } } : {}),
      createdAt: date("createdAt"),
    };
  },
  comments: ({ cell, date }) => ({
    ref: cell("ref")!,
    postRef: cell("postRef")!,
    parentRef: present(cell("parentRef")),
    authorRef: present(cell("authorRef")),
    body: cell("body") ?? "",
    internal: flag(cell("internal")),
    createdAt: date("createdAt"),
  }),
};

/** A date column of a kind's file: its field, its column, and how it is read. */
interface DateOfFile {
  field: (typeof DATE_FIELDS)[number];
  column: string;
  reading: DateColumn;
}

export function csvSource(options: CsvSourceOptions): ImportSourceReader {
  const total = Object.values(options.files).reduce((sum, f) => sum + (f?.size ?? 0), 0);
  let done = 0;
  const read: ReadDateColumn[] = [];
  return {
    source: options.source,
    progress: () => ({ done, total }),
    dates: () => read,
    async *rows<K extends ImportKind>(kind: K): AsyncIterable<SourceRow<K>> {
      if (kind === "changelog") return;
      const csvKind = kind as CsvKind;
      const file = options.files[csvKind];
      if (!file) return;
      const mapping = fieldsOf(options.mapping, csvKind);
      const columnOf = (field: string) => columnsOf(mapping[field]);
      const requireColumns = (columns: string[]) => {
        const have = new Set(columns);
        for (const field of REQUIRED_FIELDS[csvKind]) {
          const wanted = columnOf(field);
          if (wanted === undefined)
            throw new UnreadableSource(`The mapping for ${file.name} names no column for \`${field}\`, which ${kind} need.`, { file: file.name, row: 1 });
          for (const name of [wanted].flat())
            if (!have.has(name))
              throw new UnreadableSource(`${file.name} has no column "${name}" (for \`${field}\`): its columns are ${columns.slice(0, 20).join(", ")}.`, {
                file: file.name,
                row: 1,
              });
        }
      };
      let dates: DateOfFile[] = DATE_FIELDS.flatMap((field) => {
        const column = columnOf(field);
        return typeof column === "string" && (MAPPED_FIELDS[csvKind] as readonly string[]).includes(field)
          ? [{ field, column, reading: new DateColumn(formatOf(mapping[field])) }]
          : [];
      });
      const missingColumns: string[] = [];
      const checkHeader = (columns: string[]) => {
        requireColumns(columns);
        const have = new Set(columns);
        const named = fieldsOf(options.named ?? {}, csvKind);
        for (const field of MAPPED_FIELDS[csvKind]) for (const name of [columnsOf(named[field]) ?? []].flat()) if (!have.has(name)) missingColumns.push(name);
        // A date column the file lacks is not read (and reported missing when the person named it).
        dates = dates.filter((d) => have.has(d.column));
      };

      // The formats a date column's values allow, when the mapping gives none: found before a row lands.
      if (dates.some((d) => !d.reading.settled)) {
        for await (const record of csvRecords(file, { limit: options.limit, counted: () => {}, checkHeader: requireColumns })) {
          for (const d of dates) {
            const value = record.values[d.column];
            if (value !== undefined) d.reading.observe(value);
          }
          if (dates.every((d) => d.reading.settled)) break;
        }
      }

      const reader = READERS[csvKind];
      let first = true;
      for await (const record of csvRecords(file, { limit: options.limit, counted: (bytes) => (done += bytes), checkHeader })) {
        const place = { file: file.name, row: record.line };
        const raw = (name: string) => {
          const value = record.values[name];
          return options.unescapeFormulas && value !== undefined && ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
        };
        const cell: Cells = (field) => {
          const name = columnOf(field);
          return typeof name === "string" ? raw(name) : undefined;
        };
        const tags = () =>
          [columnOf("tags") ?? []]
            .flat()
            .flatMap((name) => (raw(name) ?? "").split(","))
            .map((t) => t.trim())
            .filter(Boolean);
        const problems: RowProblem[] = [];
        const empty = REQUIRED_FIELDS[csvKind].filter((field) => field !== "title" && field !== "body" && field !== "name" && !present(cell(field)));
        if (empty.length > 0) {
          yield {
            ...place,
            problems: empty.map((field) => ({ field, code: "missing_field", message: `The row has no \`${field}\`: it is left out.` })),
          };
          continue;
        }
        if (first) {
          first = false;
          for (const name of missingColumns)
            problems.push({ code: "column_missing", message: `The file has no column "${name}": that field is not read.`, value: name });
        }
        const date = (field: string) => {
          const d = dates.find((c) => c.field === field);
          if (!d) return undefined;
          const { at, problem } = d.reading.read(place, field, record.values[d.column]);
          if (problem) problems.push(problem);
          return at;
        };
        const data = reader({ cell, tags, date, problems }) as ImportedKinds[K];
        yield { ...place, data, problems };
      }
      for (const d of dates) read.push({ kind, field: d.field, file: file.name, column: d.column, ...d.reading.report() });
    },
  };
}
