import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, parse } from "csv-parse";
import { UnreadableSource } from "../../model.js";

// A CSV file read as it streams, never whole: bytes decoded as strict UTF-8 (a byte that is not
// stops the import at that place rather than landing mojibake), then parsed by csv-parse with the
// header as each record's keys. A file over the limit is refused before its first byte is read;
// a single record over 1 MiB (a file with no line ends) is refused where it starts.

export interface CsvFile {
  /** The name the report gives the file (`posts.csv`). */
  name: string;
  size: number;
  open(): Readable;
}

/** The largest file an import reads (IMPORT_FILE_LIMIT_BYTES). 1M votes as CSV are ~80 MB. */
export const DEFAULT_IMPORT_FILE_LIMIT = 256 * 1024 * 1024;

const MAX_RECORD_BYTES = 1024 * 1024;

export interface CsvRecord {
  /** The record's last line in the file (1 is the header). */
  line: number;
  values: Record<string, string>;
}

/** Bytes to UTF-8 text, refusing the first byte that is not, and counting what went through. */
function strictUtf8(file: CsvFile, counted: (bytes: number) => void, limit: number): Transform {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0;
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      if (offset === 0 && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
        return done(new UnreadableSource(`${file.name} is UTF-16: save it as UTF-8 (in a spreadsheet, "CSV UTF-8") and import it again.`, { file: file.name }));
      }
      if (offset + chunk.length > limit)
        return done(new UnreadableSource(`${file.name} is larger than ${limit} bytes: nothing was imported.`, { file: file.name }));
      try {
        const text = decoder.decode(chunk, { stream: true });
        offset += chunk.length;
        counted(chunk.length);
        done(null, text);
      } catch {
        done(new UnreadableSource(`${file.name} is not UTF-8 near byte ${offset}: save it as UTF-8 and import it again.`, { file: file.name }));
      }
    },
    flush(done) {
      try {
        const rest = decoder.decode();
        done(null, rest);
      } catch {
        done(new UnreadableSource(`${file.name} ends inside a character: it is not UTF-8.`, { file: file.name }));
      }
    },
  });
}

/**
 * The file's records, each with its line. `checkHeader` sees the header first and may refuse it
 * (a column the mapping needs is missing). Whatever goes wrong is an UnreadableSource naming the place.
 */
export async function* csvRecords(
  file: CsvFile,
  options: { limit: number; counted: (bytes: number) => void; checkHeader: (columns: string[]) => void },
): AsyncGenerator<CsvRecord> {
  if (file.size > options.limit)
    throw new UnreadableSource(`${file.name} is ${file.size} bytes, over the ${options.limit}-byte limit: nothing was imported.`, { file: file.name });
  const parser = parse({
    columns: (header: string[]) => {
      const columns = header.map((h) => h.trim());
      options.checkHeader(columns);
      return columns;
    },
    info: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  const feeding = pipeline(file.open(), strictUtf8(file, options.counted, options.limit), parser).catch((error: unknown) => {
    parser.destroy(error as Error);
  });
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { line: info.lines, values: record };
    }
  } catch (error) {
    if (error instanceof UnreadableSource) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new UnreadableSource(`${file.name} is not valid CSV${line ? ` at line ${line}` : ""}: ${error.message}`, {
        file: file.name,
        ...(line ? { row: line } : {}),
      });
    }
    throw error;
  } finally {
    // Left early (a cancel, an error above): stop reading the file rather than wait on it.
    if (!parser.readableEnded) parser.destroy();
    await feeding;
  }
}
