import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.js";

/**
 * A query built and compiled once per database, then run with new values: for statements on every
 * request, where Kysely's building and compiling cost more than SQLite's work (an idempotent
 * write's key lookup and stored answer: about 40 µs a request, 3–4% of it).
 *
 * `build` gets a stand-in for each named value and must use every stand-in as a whole value
 * (compared, inserted, set), never inside an expression of its own; the compiled parameters that
 * are stand-ins are swapped for the values at each run, so the order Kysely lists them in does not
 * matter. The result runs on the database it was compiled for and on its transactions.
 */
export function compiledOnce<Name extends string, Row>(
  names: readonly Name[],
  build: (db: Db, values: Record<Name, never>) => Compilable<Row>,
): (db: Db, values: Record<Name, unknown>) => CompiledQuery<Row> {
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000heed-value:${name}`])) as Record<Name, never>;
  const nameOf = new Map<unknown, Name>(names.map((name) => [standIns[name], name]));
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return (db, values) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, standIns).compile();
      const unused = names.filter((name) => !query!.parameters.includes(standIns[name]));
      if (unused.length > 0) throw new Error(`compiledOnce: ${unused.join(", ")} did not reach the compiled parameters`);
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((parameter) => {
      const name = nameOf.get(parameter);
      return name === undefined ? parameter : values[name];
    });
    return { ...query, parameters };
  };
}
