import { type RawBuilder, sql } from "kysely";
import type { Dialect } from "../../platform/db/database.js";
import { HeedError } from "../../platform/errors.js";
import { DAY_MS } from "../../platform/lib/clock.js";
import { MOST_DAYS } from "./schema.js";

// The period an overview covers, as days (UTC) and as the ISO bounds every timestamp column is
// compared with (they are ISO text, so text order is time order), and the two date computations
// whose SQL differs between the databases.

const DEFAULT_DAYS = 12 * 7;

export interface Period {
  from: string;
  to: string;
  /** `from` at 00:00 UTC. */
  start: string;
  /** The day after `to` at 00:00 UTC: the bound is exclusive. */
  end: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function periodOf(input: { from?: string | undefined; to?: string | undefined }, nowMs: number): Period {
  const to = input.to ?? day(nowMs);
  const toMs = Date.parse(`${to}T00:00:00.000Z`);
  const from = input.from ?? day(toMs - (DEFAULT_DAYS - 1) * DAY_MS);
  const fromMs = Date.parse(`${from}T00:00:00.000Z`);
  const invalid = (detail: string) => new HeedError("validation_failed", detail, { errors: [{ pointer: "/query/from", code: "invalid", detail }] });
  if (fromMs > toMs) throw invalid("`from` is after `to`.");
  if ((toMs - fromMs) / DAY_MS + 1 > MOST_DAYS) throw invalid(`A period is at most ${MOST_DAYS} days.`);
  return { from, to, start: new Date(fromMs).toISOString(), end: new Date(toMs + DAY_MS).toISOString() };
}

/**
 * The period's bounds as literals in the SQL, not bound values. SQLite plans a statement once, from
 * its SQL alone (platform/db/planner-stability.ts), and the right plan for "the votes of a period"
 * depends on how much of the history the period covers: a range read of the workspace's votes by
 * time for a few weeks of a long history, one probe per post when the period holds most of it (12
 * weeks of a year's million votes: 0.7 s against 6.3 s). Written into the SQL, SQLite's samples of
 * the data (STAT4) see the bounds and choose. A statement prepared per period costs ~0.1 ms.
 */
export function literalBounds(period: Period): { start: RawBuilder<string>; end: RawBuilder<string> } {
  return { start: sql.lit(period.start), end: sql.lit(period.end) };
}

/** Every Monday from the week holding `from` to the week holding `to`. */
export function mondaysOf(period: Period): string[] {
  const fromMs = Date.parse(period.start);
  const first = fromMs - ((new Date(fromMs).getUTCDay() + 6) % 7) * DAY_MS;
  const out: string[] = [];
  for (let ms = first; ms < Date.parse(period.end); ms += 7 * DAY_MS) out.push(day(ms));
  return out;
}

/**
 * The week an ISO timestamp column falls in: `key` to group by, `label` its Monday as YYYY-MM-DD.
 * On PostgreSQL the text is made once per week, not per row (the key is a timestamp: an ISO text
 * cast to `timestamp` keeps its UTC clock time); SQLite's date() is both.
 */
export function weekStartOf(dialect: Dialect, column: RawBuilder<unknown>): { key: RawBuilder<unknown>; label: RawBuilder<string> } {
  if (dialect === "postgres") {
    const key = sql`date_trunc('week', (${column})::timestamp)`;
    return { key, label: sql<string>`to_char(${key}, 'YYYY-MM-DD')` };
  }
  const key = sql<string>`date(${column}, 'weekday 0', '-6 days')`;
  return { key, label: key };
}

/** Seconds from one ISO timestamp to a later one. */
export function secondsBetween(dialect: Dialect, later: RawBuilder<unknown>, earlier: RawBuilder<unknown>): RawBuilder<number> {
  return dialect === "postgres"
    ? sql<number>`extract(epoch from ((${later})::timestamptz - (${earlier})::timestamptz))`
    : sql<number>`((julianday(${later}) - julianday(${earlier})) * 86400.0)`;
}
