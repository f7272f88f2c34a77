import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beginImport, runImport } from "../features/imports/batch.js";
import { DATE_FORMATS, type DateFormat } from "../features/imports/dates.js";
import type { CsvKind, ImportKind } from "../features/imports/model.js";
import {
  type CsvMapping,
  CsvMappingSchema,
  DATE_FIELDS,
  HEED_EXPORT_MAPPING,
  mappingOver,
  namesColumns,
  USERVOICE_MAPPING,
} from "../features/imports/sources/csv/mapping.js";
import { localCsvFile } from "../features/imports/sources/csv/files.js";
import { DEFAULT_IMPORT_FILE_LIMIT, type CsvFile } from "../features/imports/sources/csv/read.js";
import { csvSource } from "../features/imports/sources/csv/source.js";
import { cannySource } from "../features/imports/sources/canny/source.js";
import type { ImportSourceReader } from "../features/imports/model.js";
import type { ImportView } from "../features/imports/view.js";
import type { Ctx } from "../platform/context.js";
import { progressPrinter } from "./progress.js";

// `heed import csv|uservoice --workspace <slug> …`: the same import batch the API runs (audited,
// undone by id), read from files on this machine, with a progress bar on stderr.

const KINDS: CsvKind[] = ["companies", "users", "posts", "votes", "comments"];

export class ImportUsageError extends Error {}

export interface CsvImportOptions {
  source: "csv" | "uservoice";
  /** A folder holding `<kind>.csv` files (an unzipped Heed export). */
  dir?: string;
  files: Partial<Record<ImportKind, string>>;
  /** A JSON mapping file, over the source's built-in mapping. */
  mapping?: string;
  /** `--date-format`s: `<kind>=<format>` for one file's date column, or `<format>` for every file's. */
  dateFormats?: string[];
  dryRun: boolean;
  preview?: number;
  /** No progress on stderr (a caller with its own output, a test's fixtures). */
  quiet?: boolean;
}

/** A size as a person reads it: KiB below a MiB. */
function size(bytes: number): string {
  return bytes < 1048576 ? `${(bytes / 1024).toFixed(0)} KiB` : `${(bytes / 1048576).toFixed(1)} MiB`;
}

function filesOf(options: CsvImportOptions): Partial<Record<ImportKind, CsvFile>> {
  const files: Partial<Record<ImportKind, CsvFile>> = {};
  for (const kind of KINDS) {
    const path = options.files[kind] ?? (options.dir && existsSync(join(options.dir, `${kind}.csv`)) ? join(options.dir, `${kind}.csv`) : undefined);
    if (path === undefined) continue;
    if (!existsSync(path)) throw new ImportUsageError(`no file ${path}`);
    files[kind] = localCsvFile(path);
  }
  if (Object.keys(files).length === 0) throw new ImportUsageError("name the files to import: --posts, --votes, --users, --comments, --companies, or --dir");
  return files;
}

/** The `--date-format`s as a mapping that gives only formats. */
function dateFormatMapping(flags: string[]): CsvMapping {
  const mapping: Record<string, Record<string, { format: DateFormat }>> = {};
  for (const flag of flags) {
    const [kind, format] = flag.includes("=") ? flag.split("=", 2) : [undefined, flag];
    if (!(DATE_FORMATS as readonly string[]).includes(format!) || (kind !== undefined && !(KINDS as string[]).includes(kind)))
      throw new ImportUsageError(`--date-format takes <format> or <kind>=<format>: a kind of ${KINDS.join(", ")}; a format of ${DATE_FORMATS.join(", ")}`);
    for (const each of kind === undefined ? KINDS : [kind as CsvKind]) {
      mapping[each] = Object.fromEntries(DATE_FIELDS.map((field) => [field, { format: format as DateFormat }]));
    }
  }
  return mapping as CsvMapping;
}

/** The mapping file's columns and the `--date-format`s (over the source's built-in ones), or none. */
function namedMapping(options: CsvImportOptions): CsvMapping | undefined {
  let named: CsvMapping | undefined;
  if (options.mapping) {
    const parsed = CsvMappingSchema.safeParse(JSON.parse(readFileSync(options.mapping, "utf8")));
    if (!parsed.success)
      throw new ImportUsageError(
        `the mapping in ${options.mapping} is not one: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
      );
    named = parsed.data;
  }
  return options.dateFormats?.length ? mappingOver(named ?? {}, dateFormatMapping(options.dateFormats)) : named;
}

export async function importCsv(
  ctx: Ctx,
  options: CsvImportOptions,
  limit = ctx.services.importFileLimitBytes ?? DEFAULT_IMPORT_FILE_LIMIT,
): Promise<ImportView> {
  const named = namedMapping(options);
  const reader = csvSource({
    source: options.source,
    files: filesOf(options),
    mapping: mappingOver(options.source === "uservoice" ? USERVOICE_MAPPING : HEED_EXPORT_MAPPING, named),
    named,
    // Heed's own export neutralised formulas with an apostrophe: its cells come back as they were.
    unescapeFormulas: options.source === "csv" && !namesColumns(named),
    limit,
  });
  const print = options.quiet ? () => {} : progressPrinter(process.stderr, (done, total) => `${size(done)} of ${size(total)} read`);
  return runBatch(ctx, reader, { ...options, mapping: named }, (done, total) => print(done, total));
}

/** `heed import canny`: Canny's API read page by page; the progress is the calls made so far. */
export async function importCanny(
  ctx: Ctx,
  options: { apiKey: string; baseUrl?: string; dryRun: boolean; preview?: number; retryBaseMs?: number },
): Promise<ImportView> {
  const reader = cannySource({ apiKey: options.apiKey, baseUrl: options.baseUrl ?? ctx.services.cannyBaseUrl, retryBaseMs: options.retryBaseMs });
  let last = 0;
  return runBatch(ctx, reader, options, (calls) => {
    // A line every 50 calls: Canny's lists have no total to show a share of.
    if (calls - last >= 50) {
      last = calls;
      process.stderr.write(`${calls.toLocaleString("en")} pages read from Canny\n`);
    }
  });
}

async function runBatch(
  ctx: Ctx,
  reader: ImportSourceReader,
  options: { dryRun: boolean; preview?: number; mapping?: CsvMapping },
  print: (done: number, total: number) => void,
): Promise<ImportView> {
  // The mapping is kept on the batch as the API's are: its `statuses` apply as the rows land.
  const batch = await beginImport(ctx, {
    source: reader.source,
    dryRun: options.dryRun,
    ...(options.mapping ? { options: { mapping: options.mapping } } : {}),
  });
  let phase = "";
  const result = await runImport(ctx, batch.id, reader, {
    preview: options.preview,
    onProgress: (progress) => {
      if (progress.phase !== phase && process.stderr.isTTY && phase) process.stderr.write("\n");
      phase = progress.phase;
      if (progress.phase !== "finishing") print(progress.done, progress.total);
    },
  });
  if (process.stderr.isTTY) process.stderr.write("\n");
  return result;
}

/** How a date column was read, or the question it asks: the flag that answers it. */
function describeDates(column: ImportView["report"]["dates"][number]): string {
  const where = `${column.file} "${column.column}" (${column.kind} ${column.field})`;
  const examples = (show: (readings: string[]) => string) =>
    column.examples
      .map((e) => `"${e.value}" ${show(Object.values(e.readings).map((at) => (e.value.includes(":") ? at.slice(0, 16).replace("T", " ") : at.slice(0, 10))))}`)
      .join(", ");
  if (column.read === null && column.fits.length > 1) {
    const flags = column.fits.map((f) => `--date-format ${column.kind}=${f}`).join(" or ");
    return `  ${where}: reads as ${column.fits.join(" or ")}; say which with ${flags} (${examples((r) => `is ${r.join(" or ")}`)})`;
  }
  if (column.read === null) return `  ${where}: no format reads its values (${DATE_FORMATS.join(", ")})`;
  const why =
    column.format !== null
      ? "as the mapping says"
      : column.fits.length > 1
        ? `its values read alike as ${column.fits.join(" or ")}`
        : "the only format its values allow";
  return `  ${where}: read as ${column.read}, ${why} (${examples((r) => `→ ${r[0]}`)})`;
}

/** The report as a person reads it: a line per kind, how dates were read, then each problem with its first places. */
export function describeImport(view: ImportView): string {
  const lines = [`${view.dryRun ? "dry run" : "import"} ${view.id}: ${view.state}${view.error ? ` (${view.error})` : ""}`];
  for (const [kind, c] of Object.entries(view.report.kinds)) {
    if (c.created + c.updated + c.skipped === 0) continue;
    lines.push(
      `  ${kind}: ${c.created.toLocaleString("en")} ${view.dryRun ? "to create" : "created"}, ${c.updated.toLocaleString("en")} matched, ${c.skipped.toLocaleString("en")} skipped`,
    );
  }
  for (const column of view.report.dates) lines.push(describeDates(column));
  for (const p of view.report.problems) {
    const places = p.examples.map((e) => `${e.file}:${e.row}${e.field ? ` ${e.field}` : ""}${e.value !== undefined ? ` "${e.value}"` : ""}`).join(", ");
    lines.push(`  ${p.kind} ${p.outcome} ×${p.count.toLocaleString("en")} ${p.code}: ${p.message} (${places})`);
  }
  return lines.join("\n");
}
