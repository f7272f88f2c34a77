import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { ZipFile } from "yazl";
import type { Database } from "../../platform/db/schema.js";
import { csvOf } from "./csv.js";
import { EXPORT_KINDS, type Row } from "./kinds/index.js";

// The archive: a zip with `<kind>.jsonl` for every kind of object (one JSON object per line, as
// exact as the database holds it), `posts.csv`, `votes.csv` and `users.csv` for spreadsheets, and
// `manifest.json` last, with what each file counts. Entries are written one after another, each
// read from the database a page at a time as the zip asks for more, so memory stays flat whatever
// the workspace's size.

/** Lines are handed to the zip in pieces of about this many characters, not one by one. */
const PIECE = 64 * 1024;

export interface ArchiveOptions {
  workspace: { id: string; slug: string; name: string };
  exportedAt: string;
  /** Called with each row as it is written (the progress bar). */
  onRow(): void;
  /** Filled in as the files are written: rows per file (the manifest's, and the job's). */
  counts: Record<string, number>;
}

/** `rows`, counted into `counts[file]` and passed on. */
async function* tallied(rows: AsyncIterable<Row>, counts: Record<string, number>, file: string, onRow: () => void): AsyncGenerator<Row> {
  counts[file] = 0;
  for await (const row of rows) {
    counts[file]++;
    onRow();
    yield row;
  }
}

async function* jsonLines(rows: AsyncIterable<Row>): AsyncGenerator<string> {
  let piece = "";
  for await (const row of rows) {
    piece += `${JSON.stringify(row)}\n`;
    if (piece.length >= PIECE) {
      yield piece;
      piece = "";
    }
  }
  if (piece) yield piece;
}

/** The workspace's archive as a stream of zip bytes; a failed read fails the stream (never the process). */
export function workspaceArchive(db: Kysely<Database>, options: ArchiveOptions): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const { counts } = options;
  const ws = options.workspace.id;
  const mtime = new Date(options.exportedAt);
  // yazl pipes each entry without listening for its errors: an entry's failure (a read refused, a
  // row that does not parse) is passed to the output, where the runner's loop sees it.
  zip.on("error", (error: Error) => output.destroy(error));
  const entry = (stream: Readable, name: string) => {
    stream.once("error", (error) => output.destroy(error));
    zip.addReadStream(stream, name, { mtime });
  };
  for (const kind of EXPORT_KINDS) {
    const file = `${kind.name}.jsonl`;
    // Readable.from reads its generator only when the zip reaches this entry.
    entry(Readable.from(jsonLines(tallied(kind.rows(db, ws, options.exportedAt), counts, file, options.onRow))), file);
    if (kind.csv) entry(csvOf(tallied(kind.rows(db, ws, options.exportedAt), counts, `${kind.name}.csv`, options.onRow), kind.csv), `${kind.name}.csv`);
  }
  entry(
    Readable.from(
      (async function* () {
        const manifest = { format: "heed-export", version: 1, workspace: options.workspace, exportedAt: options.exportedAt, files: counts };
        yield `${JSON.stringify(manifest, null, 2)}\n`;
      })(),
    ),
    "manifest.json",
  );
  zip.end();
  return output;
}
