import type { Db } from "../db/database.js";

/**
 * A value kept per database handle (a cache, say): one per started server, so that test suites
 * with a database each, in one process, never share entries.
 */
export function perDatabase<T>(create: () => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create();
      values.set(db, value);
    }
    return value;
  };
}
