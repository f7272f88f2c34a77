import type { Db } from "../db/database.js";

/**
 * A value kept per database handle: one per started server, so that test suites with a database
 * each, in one process, never share entries. Caches go through platform/cache/registry.ts, which
 * passes its own `values` so that its test can see what was made.
 */
export function perDatabase<T>(create: () => T, values = new WeakMap<Db, T>()): (db: Db) => T {
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create();
      values.set(db, value);
    }
    return value;
  };
}
