import { createHash } from "node:crypto";
import { type CsvKind, type ImportedKinds, type ImportKind, type ImportSourceReader, type RowProblem, type SourceRow, UnreadableSource } from "../../model.js";
import type { ImportSource } from "../../../../platform/db/schema.js";
import type { CsvMapping } from "./mapping.js";
import { MAPPED_FIELDS, REQUIRED_FIELDS } from "./mapping.js";
import { csvRecords, type CsvFile } from "./read.js";

// CSV files (one per kind) read through a mapping into the import's rows. Cells are text as they
// are: a cell that starts with `=` is a title that starts with `=`, shown as text everywhere Heed
// shows it (and neutralised again by Heed's own CSV export). Only Heed's own export is unescaped:
// the apostrophe that export put before such a cell is taken off, so an export imports back the same.

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
const READERS: { [K in CsvKind]: (cell: Cells, tags: () => string[], problems: RowProblem[]) => ImportedKinds[K] } = {
  companies: (cell, _tags, problems) => {
    const spend = present(cell("monthlySpend"));
    const monthlySpend = spend === undefined ? undefined : Number(spend.replace(/[$,\s]/g, ""));
    if (monthlySpend !== undefined && !Number.isFinite(monthlySpend))
      problems.push({ field: "monthlySpend", code: "invalid_number", message: "Not a number: the company is kept with no spend.", value: spend });
    return {
      ref: cell("ref")!,
      name: cell("name") ?? "",
      monthlySpend: Number.isFinite(monthlySpend) ? monthlySpend : undefined,
      createdAt: present(cell("createdAt")),
    };
  },
  users: (cell) => ({
    ref: cell("ref")!,
    externalId: present(cell("externalId")),
    email: present(cell("email")),
    name: present(cell("name")),
    companyRef: present(cell("companyRef")),
    createdAt: present(cell("createdAt")),
  }),
  posts: (cell, tags) => ({
    ref: present(cell("ref")) ?? contentRef(cell("title"), cell("body"), cell("board"), cell("createdAt")),
    board: cell("board") ?? "",
    title: cell("title") ?? "",
    body: cell("body") ?? "",
    status: present(cell("status")),
    tags: tags(),
    authorRef: present(cell("authorRef")),
    authorEmail: present(cell("authorEmail")),
    createdAt: present(cell("createdAt")),
    mergedIntoRef: present(cell("mergedIntoRef")),
  }),
  votes: (cell) => {
    const email = present(cell("userEmail"));
    const name = present(cell("userName"));
    const userRef = present(cell("userRef"));
    return {
      postRef: cell("postRef")!,
      userRef,
      // A file that describes its voters (UserVoice's) makes the people it names.
      ...(email !== undefined || name !== undefined ? { user: { email, name } } : {}),
      createdAt: present(cell("createdAt")),
    };
  },
  comments: (cell) => ({
    ref: cell("ref")!,
    postRef: cell("postRef")!,
    parentRef: present(cell("parentRef")),
    authorRef: present(cell("authorRef")),
    body: cell("body") ?? "",
    internal: flag(cell("internal")),
    createdAt: present(cell("createdAt")),
  }),
};

export function csvSource(options: CsvSourceOptions): ImportSourceReader {
  const total = Object.values(options.files).reduce((sum, f) => sum + (f?.size ?? 0), 0);
  let done = 0;
  return {
    source: options.source,
    progress: () => ({ done, total }),
    async *rows<K extends ImportKind>(kind: K): AsyncIterable<SourceRow<K>> {
      if (kind === "changelog") return;
      const csvKind = kind as CsvKind;
      const file = options.files[csvKind];
      if (!file) return;
      const mapping = (options.mapping[csvKind] ?? {}) as Record<string, string | string[]>;
      const missingColumns: string[] = [];
      const checkHeader = (columns: string[]) => {
        const have = new Set(columns);
        for (const field of REQUIRED_FIELDS[csvKind]) {
          const wanted = mapping[field];
          if (wanted === undefined)
            throw new UnreadableSource(`The mapping for ${file.name} names no column for \`${field}\`, which ${kind} need.`, { file: file.name, row: 1 });
          for (const name of [wanted].flat())
            if (!have.has(name))
              throw new UnreadableSource(`${file.name} has no column "${name}" (for \`${field}\`): its columns are ${columns.slice(0, 20).join(", ")}.`, {
                file: file.name,
                row: 1,
              });
        }
        const named = (options.named?.[csvKind] ?? {}) as Record<string, string | string[]>;
        for (const field of MAPPED_FIELDS[csvKind]) for (const name of [named[field] ?? []].flat()) if (!have.has(name)) missingColumns.push(name);
      };
      const read = READERS[csvKind];
      let first = true;
      for await (const record of csvRecords(file, { limit: options.limit, counted: (bytes) => (done += bytes), checkHeader })) {
        const raw = (name: string) => {
          const value = record.values[name];
          return options.unescapeFormulas && value !== undefined && ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
        };
        const cell: Cells = (field) => {
          const name = mapping[field];
          return typeof name === "string" ? raw(name) : undefined;
        };
        const tags = () =>
          [mapping.tags ?? []]
            .flat()
            .flatMap((name) => (raw(name) ?? "").split(","))
            .map((t) => t.trim())
            .filter(Boolean);
        const problems: RowProblem[] = [];
        const empty = REQUIRED_FIELDS[csvKind].filter((field) => field !== "title" && field !== "body" && field !== "name" && !present(cell(field)));
        if (empty.length > 0) {
          yield {
            file: file.name,
            row: record.line,
            problems: empty.map((field) => ({ field, code: "missing_field", message: `The row has no \`${field}\`: it is left out.` })),
          };
          continue;
        }
        if (first) {
          first = false;
          for (const name of missingColumns)
            problems.push({ code: "column_missing", message: `The file has no column "${name}": that field is not read.`, value: name });
        }
        const data = read(cell, tags, problems) as ImportedKinds[K];
        yield { file: file.name, row: record.line, data, problems };
      }
    },
  };
}
