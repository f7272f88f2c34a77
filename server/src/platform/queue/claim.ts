import type { Selectable, Updateable } from "kysely";
import { type Db, dialectOf } from "../db/database.js";
import type { Database } from "../db/schema.js";
import { isoAt, nowIso, nowMs } from "../lib/clock.js";
import { anyDb, leaseFree, type Where } from "./lease.js";
import type { Queue, QueueTable, StateOf } from "./queue.js";

// Claim with lease: the due rows are read first, then taken by a conditional update that finds
// each still in the state it was read in with its lease free, so of two runners (processes,
// threads) that read the same row, one takes it. Reading first keeps an idle pass from writing at
// all: on SQLite a write, even of no rows, takes the database's one write lock. On PostgreSQL the
// update takes its rows through `FOR UPDATE SKIP LOCKED`, so a claimer passes over the rows another
// is taking at that moment instead of waiting for its commit to find them gone; SQLite has one
// writer at a time, and the same statement without the lock clause.

export interface Due<T extends QueueTable> {
  /** What makes a row due besides a free lease (its state, its next attempt). */
  due: Where<T>;
  orderBy: "created_at" | "next_attempt_at";
  limit: number;
}

export interface Candidate<T extends QueueTable> {
  id: string;
  state: StateOf<T>;
}

/** The due rows whose lease is free, oldest first, read without a write. */
export async function dueRows<T extends QueueTable>(db: Db, queue: Queue<T>, options: Due<T>): Promise<Candidate<T>[]> {
  return (await anyDb(db)
    .selectFrom(queue.table as string)
    .select(["id", "state"])
    .where(options.due as never)
    .where(leaseFree(nowIso()))
    .orderBy(options.orderBy)
    .limit(options.limit)
    .execute()) as Candidate<T>[];
}

export interface Take<T extends QueueTable> {
  /** Rechecked at the claim: the row is still due. */
  due: Where<T>;
  leaseMs: number;
  /** What the claim writes besides the lease, from the state the row was in (queued → running). */
  set?: (state: StateOf<T>) => Updateable<Database[T]>;
}

/** A row taken, with the state it was in when taken. */
export interface Claimed<R, S> {
  row: R;
  from: S;
}

/**
 * Takes `candidates` under a lease of `leaseMs`: each in an update of its own that finds it still in
 * the state it was read in (the claim may write what follows from that state), or, with no `set`,
 * all in one update. Those another runner took first are left out.
 */
export async function claimRows<T extends QueueTable, R = Selectable<Database[T]>>(
  db: Db,
  queue: Queue<T>,
  candidates: Candidate<T>[],
  options: Take<T> & { returning?: readonly (keyof Database[T] & string)[] },
): Promise<Claimed<R, StateOf<T>>[]> {
  if (candidates.length === 0) return [];
  const now = nowIso();
  const lease = isoAt(nowMs() + options.leaseMs);
  const postgres = dialectOf(db) === "postgres";
  const take = (ids: string[], state: StateOf<T> | undefined, set: Updateable<Database[T]>) =>
    anyDb(db)
      .updateTable(queue.table as string)
      .set({ ...set, locked_until: lease })
      .where(
        "id",
        "in",
        anyDb(db)
          .selectFrom(queue.table as string)
          .select("id")
          .where("id", "in", ids)
          .$if(state !== undefined, (qb) => qb.where("state", "=", state))
          .where(options.due as never)
          .where(leaseFree(now))
          .$if(postgres, (qb) => qb.forUpdate().skipLocked()),
      )
      .$if(options.returning === undefined, (qb) => qb.returningAll())
      .$if(options.returning !== undefined, (qb) => qb.returning(options.returning as string[]))
      .execute() as Promise<R[]>;
  if (!options.set) {
    const stateOf = new Map(candidates.map((c) => [c.id, c.state]));
    const rows = await take(
      candidates.map((c) => c.id),
      undefined,
      {},
    );
    return rows.map((row) => ({ row, from: stateOf.get((row as { id: string }).id)! }));
  }
  const claimed: Claimed<R, StateOf<T>>[] = [];
  for (const c of candidates) {
    const [row] = await take([c.id], c.state, options.set(c.state));
    if (row) claimed.push({ row, from: c.state });
  }
  return claimed;
}

/**
 * Takes the oldest due row: `none` when nothing is due, `taken` when another runner took it
 * between the read and the claim (there is work: the pass goes on).
 */
export async function claimNext<T extends QueueTable>(
  db: Db,
  queue: Queue<T>,
  options: Omit<Due<T>, "limit"> & Take<T>,
): Promise<Claimed<Selectable<Database[T]>, StateOf<T>> | "none" | "taken"> {
  const [candidate] = await dueRows(db, queue, { ...options, limit: 1 });
  if (!candidate) return "none";
  const [claimed] = await claimRows(db, queue, [candidate], options);
  return claimed ?? "taken";
}
