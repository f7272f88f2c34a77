import { sql } from "kysely";
import { Gauge } from "prom-client";
import type { Db, Dialect } from "../db/database.js";
import { metricsRegistry } from "./registry.js";

// PostgreSQL's lock waits happen inside the server, where no client sees them: a scrape asks the
// server how many of this database's sessions wait for a lock now (a row another transaction
// writes, a follower's cursor another process holds). SQLite's are timed where they happen
// (platform/db/lock-waiting.ts).

let reported = false;

export function reportLockWaits(db: Db, dialect: Dialect): void {
  if (dialect !== "postgres" || reported) return;
  reported = true;
  new Gauge({
    name: "heed_db_sessions_waiting_for_lock",
    help: "PostgreSQL: sessions on Heed's database waiting for a lock at the scrape (any client of the database, not only this process).",
    registers: [metricsRegistry],
    async collect() {
      try {
        const { rows } = await sql<{ waiting: number }>`
          select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        this.set(Number(rows[0]?.waiting ?? 0));
      } catch {
        // Left out of this scrape; the rest still answers.
        this.reset();
      }
    },
  });
}
