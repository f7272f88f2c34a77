import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { CsvColumn, Row } from "./kinds/index.js";
import { inGroups } from "./pages.js";

// CSV for spreadsheets. A cell a spreadsheet would run as a formula (starting with =, +, -, @, a
// tab or a carriage return: OWASP's list) gets a leading apostrophe, which shows it as text; the
// JSON lines beside it keep every value exactly.

const FORMULA_START = /^[=+\-@\t\r]/;

/** The value as a CSV cell: text that cannot run, numbers and booleans as they are, null as empty. */
export function safeCell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The rows as a CSV file (a header line, then a line per row), a page of lines at a time, read only as it is consumed. */
export function csvOf(rows: AsyncIterable<Row>, columns: CsvColumn[]): Readable {
  return Readable.from(
    (async function* () {
      let header = true;
      for await (const group of inGroups(rows)) {
        yield stringify(
          group.map((row) => columns.map(([, value]) => safeCell(value(row)))),
          { header, columns: columns.map(([name]) => name) },
        );
        header = false;
      }
      if (header) yield stringify([], { header: true, columns: columns.map(([name]) => name) });
    })(),
  );
}
