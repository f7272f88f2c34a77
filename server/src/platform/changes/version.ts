import { LRUCache } from "lru-cache";
import { perDatabaseCache } from "../cache/registry.js";
import { commitStamps } from "../db/commit-stamps.js";
import { compiledOnce } from "../db/compiled-once.js";
import type { Db } from "../db/database.js";
import type { Tx } from "../context.js";

// Every workspace has a version: a counter that each write transaction changing what its readers
// can see raises inside that same transaction (recordChange does it for every verb). An answer or a
// credential cached at version N is still exact while the counter reads N, so one primary-key read
// per request keeps every cache in every instance exactly fresh: a client reads its own write on
// the next request, on any instance, and a revoked key is refused at once. No timer, no expiry.

/** Raises the workspace's version: call inside the transaction that makes the change. */
export async function bumpVersion(db: Db | Tx, workspaceId: string): Promise<void> {
  await db
    .insertInto("workspace_versions")
    .values({ workspace_id: workspaceId, version: 1 })
    .onConflict((oc) => oc.column("workspace_id").doUpdateSet((eb) => ({ version: eb("workspace_versions.version", "+", 1) })))
    .execute();
}

// The read runs on every cached request, so its SQL is compiled once per database handle and only
// its parameter changes: building and compiling the query each time costs more than SQLite's read.
const selectVersion = compiledOnce(["workspaceId"], (db, v) => db.selectFrom("workspace_versions").select("version").where("workspace_id", "=", v.workspaceId));

async function queryVersion(db: Db, workspaceId: string): Promise<number> {
  const { rows } = await db.executeQuery(selectVersion(db, { workspaceId }));
  return Number(rows[0]?.version ?? 0);
}

// On a SQLite file, a version read is kept with the commit stamp (db/commit-stamps.ts) taken just
// before the read began, and answers again while the stamp reads the same: no transaction of any
// connection, in this process or another, committed since the stamp, so none can have raised the
// version after the read saw it. The stamp compared is taken after the request began, so a write
// whose commit its client saw has changed it; at the front door, requests asking in the same turn
// of the event loop share that stamp (`readSoon`), read after the last of them asked. A request
// whose stamp differs reads as below.
interface StampedVersion {
  version: number;
  stamp: string;
}
const stampedOf = perDatabaseCache("workspaceVersions", () => new LRUCache<string, StampedVersion>({ max: 10_000 }));

// Requests that ask for one workspace's version at the same time share a read. Exactness holds
// because a request only ever joins a read that starts after it asked: a read already in flight may
// have taken its snapshot before this request's client saw its own write commit, so the request
// waits for the next read, which every request arriving meanwhile shares. At most one read per
// workspace is in flight and one waits; on PostgreSQL, where each read is a round trip, 50 clients
// reading kept answers cost a few reads a millisecond instead of 50.
interface Reads {
  running?: Promise<number>;
  next?: Promise<number>;
}
const readsOf = new WeakMap<Db, Map<string, Reads>>();

function start(db: Db, workspaceId: string, reads: Map<string, Reads>, slot: Reads): Promise<number> {
  const stamp = commitStamps(db)?.read();
  const read = queryVersion(db, workspaceId);
  const stamped = stamp
    ? read.then((version) => {
        stampedOf(db).set(workspaceId, { version, stamp });
        return version;
      })
    : read;
  const running = stamped.finally(() => {
    if (slot.running !== running) return;
    slot.running = undefined;
    if (!slot.next) reads.delete(workspaceId);
  });
  slot.running = running;
  return running;
}

/**
 * When a SQLite file's commit stamp is read. `now`: at once, for a request that goes on to work.
 * `turn`: once for every request of this turn of the event loop, in its check phase (the front
 * door's kept answers, which only send bytes kept already); requests that went on to work after a
 * shared read would all run their handlers at once, holding their pages at once (RSS +45 MiB under
 * the bench's uncached list, measured).
 */
export type StampRead = "now" | "turn";

/** The workspace's current version (0 before its first change), read after this call began. */
export function readVersion(db: Db, workspaceId: string, stampRead: StampRead = "now"): Promise<number> {
  const stamps = commitStamps(db);
  if (!stamps) return sharedRead(db, workspaceId);
  if (stampRead === "now") {
    const stamp = stamps.read();
    const known = stamp && stampedOf(db).get(workspaceId);
    return known && known.stamp === stamp ? Promise.resolve(known.version) : sharedRead(db, workspaceId);
  }
  // Callers waiting for the same stamp read share one answer per workspace.
  const soon = stamps.readSoon();
  let turn = turnOf.get(db);
  if (turn?.soon !== soon) {
    turn = { soon, versions: new Map() };
    turnOf.set(db, turn);
  }
  let version = turn.versions.get(workspaceId);
  if (!version) {
    version = soon.then((stamp) => {
      const known = stamp && stampedOf(db).get(workspaceId);
      return known && known.stamp === stamp ? known.version : sharedRead(db, workspaceId);
    });
    turn.versions.set(workspaceId, version);
  }
  return version;
}

/** The versions asked for while a stamp read is pending; another read, another turn. */
const turnOf = new WeakMap<Db, { soon: Promise<string | undefined>; versions: Map<string, Promise<number>> }>();

function sharedRead(db: Db, workspaceId: string): Promise<number> {
  let reads = readsOf.get(db);
  if (!reads) {
    reads = new Map();
    readsOf.set(db, reads);
  }
  let slot = reads.get(workspaceId);
  if (!slot) {
    slot = {};
    reads.set(workspaceId, slot);
  }
  if (!slot.running) return start(db, workspaceId, reads, slot);
  const waiting = slot;
  const inFlight = slot.running;
  waiting.next ??= inFlight
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      waiting.next = undefined;
      return start(db, workspaceId, reads, waiting);
    });
  return waiting.next;
}
