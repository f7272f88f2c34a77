import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Database as SQLiteDatabase } from "better-sqlite3";
import { log } from "../lib/log.js";

// SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG), on every connection.
//
// Why: when the plan of a statement looks at a bound value (STAT4's samples, a partial index's
// WHERE), SQLite prepares the statement again each time a new value is bound, so the statement
// cache (statement-cache.ts) would save nothing for the post list: every page of it planned anew.
// With the guarantee a statement is planned once, from its SQL alone, as PostgreSQL's generic plans
// are (docs/PERFORMANCE.md, "A read no kept answer serves"). What it asks of queries and indexes,
// since the planner does not see the values: a condition a partial index needs (`held = 1`) is
// written into the SQL; a column empty on most rows is indexed only where set (migration 0031), or
// `= ?` looks like every row; and where the values themselves decide the plan (the analytics
// period's width), they are written into the SQL too (`literalBounds`).
//
// better-sqlite3 cannot set a connection's db_config options; loading an extension is the one way
// in it offers. So the extension below is compiled once per install, with the machine's C
// compiler, against the headers of the SQLite that better-sqlite3 ships; every SQLite call in it
// goes through the routines the loading SQLite hands over, so it links to no SQLite of its own.
// Without a compiler Heed runs without the guarantee and says so in its log (once per thread that
// opens a database).

const EXTENSION_SOURCE = `#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

/* select heed_planner_stability(): 1 while the guarantee is on for this connection, else 0. */
static void planner_stability(sqlite3_context *context, int argc, sqlite3_value **argv) {
  int on = 0;
  (void)argc;
  (void)argv;
  sqlite3_db_config(sqlite3_context_db_handle(context), SQLITE_DBCONFIG_ENABLE_QPSG, -1, &on);
  sqlite3_result_int(context, on);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_heedplanner_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  int on = 0;
  int rc;
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  rc = sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_QPSG, 1, &on);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_create_function(db, "heed_planner_stability", 0, SQLITE_UTF8, 0, planner_stability, 0, 0);
}
`;

const ENTRY_POINT = "sqlite3_heedplanner_init";
const SUFFIX = process.platform === "win32" ? "dll" : process.platform === "darwin" ? "dylib" : "so";

/** better-sqlite3's folder: its SQLite's headers are in deps/sqlite3, and the built extension goes beside it in node_modules/.cache. */
function betterSqliteDir(): string {
  return dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json"));
}

/**
 * The extension's file for this SQLite and this source, compiled into `cacheDir` when it is not
 * there yet. Written under another name, then renamed: processes that start together (tests,
 * WORKERS) each compile and the last rename wins, never a half-written file.
 */
export function buildPlannerStability(sqliteVersion: string, cacheDir = join(betterSqliteDir(), "..", ".cache", "heed")): string {
  const fingerprint = createHash("sha256").update(EXTENSION_SOURCE).digest("hex").slice(0, 12);
  const library = join(cacheDir, `sqlite-planner-stability-${sqliteVersion}-${fingerprint}.${SUFFIX}`);
  if (existsSync(library)) return library;
  mkdirSync(cacheDir, { recursive: true });
  const scratch = join(cacheDir, `build-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    writeFileSync(`${scratch}.c`, EXTENSION_SOURCE);
    const compiler = process.env.CC || "cc";
    const headers = join(betterSqliteDir(), "deps", "sqlite3");
    execFileSync(compiler, ["-O2", "-shared", "-fPIC", "-I", headers, "-o", `${scratch}.${SUFFIX}`, `${scratch}.c`], { stdio: "pipe", timeout: 60_000 });
    renameSync(`${scratch}.${SUFFIX}`, library);
    return library;
  } finally {
    rmSync(`${scratch}.c`, { force: true });
    rmSync(`${scratch}.${SUFFIX}`, { force: true });
  }
}

/**
 * `enable(sqlite)` turns the guarantee on for a connection and says whether it is on. The library is
 * looked for (and built) once; when that fails, or loading it does, it is said once, in the log, and
 * connections open without it.
 */
export function plannerStability(build: (sqliteVersion: string) => string = buildPlannerStability): (sqlite: SQLiteDatabase) => boolean {
  let found: string | Error | undefined;
  return (sqlite) => {
    if (found instanceof Error) return false;
    try {
      found ??= build(sqlite.prepare("select sqlite_version()").pluck().get() as string);
      // better-sqlite3 takes the entry point's name too; its type definitions do not say so yet.
      (sqlite as unknown as { loadExtension(file: string, entryPoint: string): void }).loadExtension(found, ENTRY_POINT);
      return true;
    } catch (error) {
      found = error instanceof Error ? error : new Error(String(error));
      const detail = "stderr" in found && found.stderr ? String(found.stderr).trim() : found.message;
      log.warn("SQLite's planner stability is off: every read of a list is planned again (install a C compiler, then restart)", { detail });
      return false;
    }
  };
}

/** For every connection openDatabase makes: one library per process. */
export const enablePlannerStability = plannerStability();
