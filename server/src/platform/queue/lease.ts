import type { Expression, ExpressionBuilder, Kysely, SqlBool, Updateable } from "kysely";
import type { Db } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt, nowIso, nowMs } from "../lib/clock.js";
import type { Queue, QueueTable } from "./queue.js";

// A lease is a time written on the row (its `locked_until`): until it passes, the row is one
// runner's; a runner that died frees it by not renewing. Every condition and write of that column
// is here, so that a feature says what it claims and never how.

// biome-ignore lint/suspicious/noExplicitAny: one code path for every job table; the typed face is the Queue
export type AnyDb = Kysely<any>;
/** A connection or a transaction that can write a lease. */
export type Runner = Pick<Db, "updateTable">;
// biome-ignore lint/suspicious/noExplicitAny: as above
type AnyEb = ExpressionBuilder<any, any>;

const COLUMN = "locked_until";

/** A condition on a job table's rows. */
export type Where<T extends QueueTable> = (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;

export function anyDb(db: Pick<Db, "updateTable"> | Pick<Db, "selectFrom">): AnyDb {
  return db as unknown as AnyDb;
}

/** The row's lease is free at `now`: never taken, or run out. `alias` names the table in a join. */
export function leaseFree(now: string, alias?: string) {
  const column = alias ? `${alias}.${COLUMN}` : COLUMN;
  return (eb: AnyEb) => eb.or([eb(column, "is", null), eb(column, "<", now)]);
}

/** The row's lease as a selected column named `leased_until`, for a run read in a join. */
export function selectLease(alias: string) {
  return (eb: AnyEb) => eb.ref(`${alias}.${COLUMN}`).as("leased_until");
}

/** Someone else's lease still holds at `now` on a row read with selectLease. */
export function leaseHeld(leasedUntil: string | null, now: string): boolean {
  return leasedUntil !== null && leasedUntil >= now;
}

/** What a row's write sets when it lets go of its lease (ended, retried, skipped, or made waiting). */
export const UNLEASED = { [COLUMN]: null } as const;

/** What a row made already held sets: a lease of `ms` from now (a job its maker runs at once). */
export function leasedFor(ms: number): { locked_until: string } {
  return { [COLUMN]: isoAt(nowMs() + ms) };
}

/** The lease a row holds now, as its maker read it. */
export function leaseOf(row: { locked_until: string | null }): string | null {
  return row[COLUMN];
}

/**
 * A runner's hold on one claimed row: `renew` moves the lease on while it is still the one this
 * runner wrote (and `where` still holds), writing `set` with it, and says whether it was; `end`
 * writes the row's end on the same terms; `held` is the lease as last written.
 */
export function holdLease<T extends QueueTable>(db: Runner, queue: Queue<T>, id: string, first: string, leaseMs: number, where?: Where<T>) {
  let current = first;
  const renew = async (runner: Runner = db, set: Updateable<Database[T]> = {}): Promise<boolean> => {
    const next = isoAt(nowMs() + leaseMs);
    const kept = await anyDb(runner)
      .updateTable(queue.table as string)
      .set({ ...set, [COLUMN]: next })
      .where("id", "=", id)
      .where(COLUMN, "=", current)
      .$if(where !== undefined, (qb) => qb.where(where as never))
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) === 0) return false;
    current = next;
    return true;
  };
  /** Writes the row's end (`set`) and lets go of the lease, if this runner still holds it; false when it was taken over. */
  const end = (set: Updateable<Database[T]>, runner: Runner = db) => endHeld(runner, queue, id, current, set, where);
  return { renew, end, held: () => current };
}

export type Lease = ReturnType<typeof holdLease>;

async function endHeld<T extends QueueTable>(
  db: Runner,
  queue: Queue<T>,
  id: string,
  held: string,
  set: Updateable<Database[T]>,
  where?: Where<T>,
): Promise<boolean> {
  const ended = await anyDb(db)
    .updateTable(queue.table as string)
    .set({ ...set, ...UNLEASED })
    .where("id", "=", id)
    .where(COLUMN, "=", held)
    .$if(where !== undefined, (qb) => qb.where(where as never))
    .executeTakeFirst();
  return Number(ended.numUpdatedRows) > 0;
}

/** Moves a row's lease `leaseMs` on from now, whoever wrote it, while `where` holds; false when it no longer does. */
export async function extendLease<T extends QueueTable>(db: Runner, queue: Queue<T>, id: string, leaseMs: number, where: Where<T>): Promise<boolean> {
  const kept = await anyDb(db)
    .updateTable(queue.table as string)
    .set({ [COLUMN]: isoAt(nowMs() + leaseMs) })
    .where("id", "=", id)
    .where(where as never)
    .executeTakeFirst();
  return Number(kept.numUpdatedRows) > 0;
}

/**
 * Leases all of `ids` until `until` in one statement, while each is free and `where` holds: all or
 * nothing (what it took of a run partly taken elsewhere is let go again).
 */
export async function leaseAll<T extends QueueTable>(db: Runner, queue: Queue<T>, ids: string[], until: number, where: Where<T>): Promise<boolean> {
  const taken = await anyDb(db)
    .updateTable(queue.table as string)
    .set({ [COLUMN]: isoAt(until) })
    .where("id", "in", ids)
    .where(leaseFree(nowIso()))
    .where(where as never)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === ids.length) return true;
  await releaseAll(db, queue, ids, until);
  return false;
}

/** Moves the lease of `ids` from `from` to `until` while `where` holds; false unless every one of them moved. */
export async function renewAll<T extends QueueTable>(
  db: Runner,
  queue: Queue<T>,
  ids: string[],
  from: number,
  until: number,
  where: Where<T>,
): Promise<boolean> {
  const renewed = await anyDb(db)
    .updateTable(queue.table as string)
    .set({ [COLUMN]: isoAt(until) })
    .where("id", "in", ids)
    .where(COLUMN, "=", isoAt(from))
    .where(where as never)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === ids.length;
}

/** Lets go of those of `ids` still under the lease `lease` (what a run took and did not get to). */
export async function releaseAll<T extends QueueTable>(db: Runner, queue: Queue<T>, ids: string[], lease: number): Promise<void> {
  if (ids.length === 0) return;
  await anyDb(db)
    .updateTable(queue.table as string)
    .set(UNLEASED)
    .where("id", "in", ids)
    .where(COLUMN, "=", isoAt(lease))
    .execute();
}

/** Lets go of a row's lease whoever holds it (a runner done with its batch, a row made to wait again). */
export async function release<T extends QueueTable>(db: Runner, queue: Queue<T>, where: Where<T>, set: Updateable<Database[T]> = {}): Promise<void> {
  await anyDb(db)
    .updateTable(queue.table as string)
    .set({ ...set, ...UNLEASED })
    .where(where as never)
    .execute();
}
