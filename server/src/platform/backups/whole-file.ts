import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";

// A backup is written under a temporary name beside its final one and renamed when complete: a
// copy cut short (a full disk, a killed process) never has the name of a finished backup, and the
// rename, in one folder, is atomic.

/** The temporary name `output` is written under: hidden, and never matching a backup's name. */
export function partialNameOf(output: string): string {
  return join(dirname(output), `.${basename(output)}.${process.pid}.partial`);
}

export function isPartialName(name: string): boolean {
  return name.startsWith(".") && name.endsWith(".partial");
}

/** Removes a file and what SQLite may have left beside it. */
export function removeWithCompanions(file: string): void {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * Writes `output` through `write(temporary name)`, then renames it into place; returns its size.
 * An existing `output` is refused unless `replace` (a restore over an empty database file): a
 * backup never overwrites a file, the live database included.
 */
export async function writeWhole(output: string, write: (temporary: string) => Promise<void>, { replace = false } = {}): Promise<number> {
  if (!replace && existsSync(output)) throw new Error(`${output} exists already: name another file`);
  mkdirSync(dirname(output), { recursive: true });
  const temporary = partialNameOf(output);
  removeWithCompanions(temporary);
  try {
    await write(temporary);
    renameSync(temporary, output);
  } finally {
    removeWithCompanions(temporary);
  }
  return statSync(output).size;
}
