import { createReadStream, statSync } from "node:fs";
import { basename } from "node:path";
import type { CsvFile } from "./read.js";

/** A CSV file on this machine's disk (the CLI's), read as it streams. */
export function localCsvFile(path: string): CsvFile {
  return { name: basename(path), size: statSync(path).size, open: () => createReadStream(path, { highWaterMark: 256 * 1024 }) };
}
