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

/** The workspace's current version (0 before its first change). */
export async function readVersion(db: Db, workspaceId: string): Promise<number> {
  const { rows } = await db.executeQuery(selectVersion(db, { workspaceId }));
  return Number(rows[0]?.version ?? 0);
}
