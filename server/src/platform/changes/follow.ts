import type { Services, Tx } from "../context.js";
import type { Db } from "../db/database.js";
import { nowIso, nowMs } from "../lib/clock.js";

// A follower reads the outbox from its own cursor: its handler gets each event it wants once, in
// the order written, inside the transaction that moves its cursor, so its writes and its cursor
// commit together. Any number of processes may follow: the cursor row is locked (written first)
// while a batch is handled, so a second process waits and then reads on from where the first left.
//
// Why not "seq > position": on PostgreSQL a sequence number is taken when the event is written, not
// when it commits, so number 8 may commit after 9 was read. The cursor keeps `position` (every
// number up to it is read) and `ahead` (numbers past a missing one, read already). A missing number
// is waited for until the first event written after it is GAP_GRACE_MS old: by then the transaction
// that took it has rolled back (no transaction runs that long). SQLite has one writer and numbers
// with no gaps, so there `ahead` stays empty.

/** An event as a follower gets it. `data` is the webhook payload's `data`, as stored JSON. */
export interface OutboxEvent {
  seq: number;
  id: string;
  workspaceId: string;
  type: string;
  data: string;
  createdAt: string;
  /** The integration the change came from, if a tracker's webhook made it. */
  origin: string | null;
  /** What the change told its followers beyond `data` (Change.facts). */
  facts: Record<string, unknown>;
}

export interface Follower {
  /** Names its cursor: never renamed (the new name would read the outbox from its start). */
  name: string;
  /** The event types it is handed; the rest pass it by. */
  types: readonly string[];
  /** Handles a batch of events, oldest first, inside the transaction that moves the cursor. */
  handle(tx: Tx, events: OutboxEvent[], services: Services): Promise<void>;
  /** At most this many events a batch (default 100). */
  batchSize?: number;
}

/** Longer than any transaction that writes an event: past it, a missing number rolled back. */
export const GAP_GRACE_MS = 5 * 60_000;
/** Read ahead of a missing number at most this far; past it the follower waits for the gap to close or age. */
const MOST_AHEAD = 5_000;

interface Cursor {
  position: number;
  ahead: number[];
}

/** Locks the follower's cursor for this transaction (made at the outbox's start the first time). */
async function lockCursor(tx: Tx, name: string): Promise<Cursor> {
  for (;;) {
    const row = await tx
      .updateTable("outbox_cursors")
      .set({ updated_at: nowIso() })
      .where("name", "=", name)
      .returning(["position", "ahead"])
      .executeTakeFirst();
    if (row) return { position: Number(row.position), ahead: JSON.parse(row.ahead) as number[] };
    await tx
      .insertInto("outbox_cursors")
      .values({ name, position: 0, ahead: "[]", updated_at: nowIso() })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }
}

interface Seen {
  seq: number;
  type: string;
  createdAt: string;
}

/** The events past the cursor, oldest first: its next batch and those it read ahead already. */
async function seenPast(db: Db | Tx, cursor: Cursor, batchSize: number): Promise<Seen[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["seq", "type", "created_at"])
    .where("seq", ">", cursor.position)
    .orderBy("seq")
    .limit(batchSize + cursor.ahead.length)
    .execute();
  return rows.map((row) => ({ seq: Number(row.seq), type: row.type, createdAt: row.created_at }));
}

/** What a pass reads (`fresh`) and where the cursor then stands. */
function plan(cursor: Cursor, seen: Seen[], batchSize: number): { fresh: Seen[]; next: Cursor } {
  const read = new Set(cursor.ahead);
  const fresh = cursor.ahead.length >= MOST_AHEAD ? [] : seen.filter((row) => !read.has(row.seq)).slice(0, batchSize);
  for (const row of fresh) read.add(row.seq);
  let position = cursor.position;
  const cutoff = nowMs() - GAP_GRACE_MS;
  for (const row of seen) {
    if (!read.has(row.seq)) break;
    // A number missing before this event is waited for until this event is old enough.
    if (row.seq !== position + 1 && Date.parse(row.createdAt) > cutoff) break;
    position = row.seq;
  }
  const ahead = [...read].filter((seq) => seq > position).sort((a, b) => a - b);
  return { fresh, next: { position, ahead } };
}

/**
 * Hands the follower its next batch and moves its cursor, in one transaction. Returns how many
 * events it read, or 1 when it only moved past a gap (0: nothing to do; an idle pass writes
 * nothing). A handler that throws rolls back its batch and the cursor: the same events come again.
 */
export async function followOnce(services: Services, follower: Follower): Promise<number> {
  const { db } = services;
  const batchSize = follower.batchSize ?? 100;
  const glance = (await cursorOf(db, follower.name)) ?? { position: 0, ahead: [] };
  const idle = plan(glance, await seenPast(db, glance, batchSize), batchSize);
  if (idle.fresh.length === 0 && idle.next.position === glance.position) return 0;
  return db.transaction().execute(async (tx) => {
    const cursor = await lockCursor(tx, follower.name);
    const { fresh, next } = plan(cursor, await seenPast(tx, cursor, batchSize), batchSize);
    const wanted = new Set(follower.types);
    const mine = fresh.filter((row) => wanted.has(row.type)).map((row) => row.seq);
    if (mine.length > 0) await follower.handle(tx, await eventsOf(tx, mine), services);
    await tx
      .updateTable("outbox_cursors")
      .set({ position: next.position, ahead: JSON.stringify(next.ahead) })
      .where("name", "=", follower.name)
      .execute();
    return fresh.length > 0 ? fresh.length : next.position > cursor.position ? 1 : 0;
  });
}

async function eventsOf(tx: Tx, seqs: number[]): Promise<OutboxEvent[]> {
  const rows = await tx
    .selectFrom("outbox")
    .select(["seq", "id", "workspace_id", "type", "data", "created_at", "origin", "facts"])
    .where("seq", "in", seqs)
    .orderBy("seq")
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    id: row.id,
    workspaceId: row.workspace_id,
    type: row.type,
    data: row.data,
    createdAt: row.created_at,
    origin: row.origin,
    facts: row.facts ? (JSON.parse(row.facts) as Record<string, unknown>) : {},
  }));
}

/**
 * Waits for the follower's batch in flight, if any, and holds back its next one until `tx` ends:
 * `tx` then sees what that batch wrote, and the next batch sees what `tx` wrote. For a writer that
 * takes back what a follower may be writing at the same moment (PostgreSQL runs both at once).
 */
export async function holdFollower(tx: Tx, name: string): Promise<void> {
  await tx
    .updateTable("outbox_cursors")
    .set((eb) => ({ position: eb.ref("position") }))
    .where("name", "=", name)
    .execute();
}

/** Where a follower's cursor stands, for tests and the operator. */
export async function cursorOf(db: Db, name: string): Promise<Cursor | undefined> {
  const row = await db.selectFrom("outbox_cursors").select(["position", "ahead"]).where("name", "=", name).executeTakeFirst();
  return row && { position: Number(row.position), ahead: JSON.parse(row.ahead) as number[] };
}

export interface FollowerLag {
  follower: string;
  /** Sequence numbers past the cursor's position: the events not read yet, with those read ahead of a missing one and any gaps. */
  events: number;
  /** How long ago the first event past the position was written; 0 when there is none. */
  oldestMs: number;
}

/**
 * How far each follower is behind the outbox, for the metrics a scrape reads: three index lookups
 * a follower at most, whatever the outbox's size. A follower that never ran reads from the start.
 */
export async function followerLag(db: Db, names: readonly string[]): Promise<FollowerLag[]> {
  if (names.length === 0) return [];
  const [newest, cursors] = await Promise.all([
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.max("seq").as("seq"))
      .executeTakeFirst(),
    db.selectFrom("outbox_cursors").select(["name", "position"]).where("name", "in", names).execute(),
  ]);
  const last = Number(newest?.seq ?? 0);
  const positions = new Map(cursors.map((row) => [row.name, Number(row.position)]));
  const now = nowMs();
  return Promise.all(
    names.map(async (follower) => {
      const position = positions.get(follower) ?? 0;
      if (position >= last) return { follower, events: 0, oldestMs: 0 };
      const next = await db.selectFrom("outbox").select("created_at").where("seq", ">", position).orderBy("seq").limit(1).executeTakeFirst();
      return { follower, events: last - position, oldestMs: next ? Math.max(0, now - Date.parse(next.created_at)) : 0 };
    }),
  );
}
