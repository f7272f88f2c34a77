import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pgConnectionOf, runPgTool } from "./pg-tools.js";
import { inspectPostgres } from "./pg-target.js";
import type { Written } from "./sqlite.js";
import { writeWhole } from "./whole-file.js";

// Backup and restore on PostgreSQL, with its own tools. pg_dump reads one snapshot of the database
// (a repeatable-read transaction), so its copy is consistent while Heed serves. Only Heed's schema
// is dumped (the database may hold other schemas: another Heed's, another application's), with
// the pg_trgm extension search uses, which a dump of one schema leaves out otherwise.

/** A name pg_dump reads as itself, not as a pattern. */
const exactly = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function backupPostgres(url: string, output: string): Promise<Written> {
  const target = await inspectPostgres(url);
  if (target.migrations.length === 0) throw new Error(`no Heed database in schema ${target.schema} of ${target.description}: nothing to back up`);
  const { dbname, env } = pgConnectionOf(url);
  const bytes = await writeWhole(output, async (temporary) => {
    await runPgTool(
      "pg_dump",
      ["--format=custom", `--schema=${exactly(target.schema)}`, `--extension=${exactly("pg_trgm")}`, `--file=${temporary}`, `--dbname=${dbname}`],
      env,
    );
  });
  return { file: output, bytes, migration: target.migrations.at(-1) ?? null };
}

/** The schema that holds Heed's migration table in pg_restore's list of an archive. */
function heedSchemaIn(list: string): string | undefined {
  return /^\d+; \d+ \d+ TABLE (\S+) heed_migrations /m.exec(list)?.[1];
}

/**
 * Restores the archive `file` into the database of `url`, whose schema must be the archive's and
 * hold nothing yet. pg_restore runs in one transaction and stops at the first error, so a restore
 * that fails leaves the target as empty as it was. Returns the newest migration the backup held.
 */
export async function restorePostgres(url: string, file: string): Promise<string | null> {
  let list: string;
  try {
    list = await runPgTool("pg_restore", ["--list", file]);
  } catch (error) {
    if ((error as Error).message.includes("not installed")) throw error;
    throw new Error(`${file} is not a backup of Heed on PostgreSQL (pg_restore cannot read it: ${(error as Error).message})`);
  }
  const schema = heedSchemaIn(list);
  if (!schema) throw new Error(`${file} is a PostgreSQL archive but not Heed's: it has no heed_migrations table`);
  const target = await inspectPostgres(url);
  if (target.schema !== schema) {
    throw new Error(
      `the backup holds schema ${schema} and DATABASE_URL uses schema ${target.schema}: restore into the same schema (add ?options=-c%20search_path%3D${schema} to DATABASE_URL)`,
    );
  }
  if (target.relations > 0) {
    throw new Error(
      `schema ${schema} of ${target.description} is not empty (${target.relations} tables and sequences): a restore goes into an empty database only`,
    );
  }
  const { dbname, env } = pgConnectionOf(url);
  const args = ["--no-owner", "--no-privileges", "--no-comments", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`];
  // A schema that exists already (public, in every new database) is not made again: the archive's
  // CREATE SCHEMA would fail the restore.
  const folder = mkdtempSync(join(tmpdir(), "heed-restore-"));
  const listFile = join(folder, "archive.list");
  if (target.schemaExists) {
    const kept = list.replace(new RegExp(`^(\\d+; \\d+ \\d+ SCHEMA - ${schema.replace(/\W/g, "\\$&")} )`, "m"), ";$1");
    writeFileSync(listFile, kept);
    args.push(`--use-list=${listFile}`);
  }
  try {
    await runPgTool("pg_restore", [...args, file], env);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return (await inspectPostgres(url)).migrations.at(-1) ?? null;
}
