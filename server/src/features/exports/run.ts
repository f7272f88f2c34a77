import { blobsOf } from "../../platform/blobs/index.js";
import type { Services } from "../../platform/context.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { claimNext, holdLease, leaseOf } from "../../platform/queue/index.js";
import { exportQueue } from "./queue.js";
import { workspaceArchive } from "./archive.js";
import { EXPORT_LIFETIME_HOURS } from "./schema.js";
import { exportArchiveKey } from "./view.js";

// The runner: takes one queued export under a lease (any number of processes may run this) and
// writes its archive. The lease is renewed on a timer while the export runs, and every chunk is
// stored in the same transaction as a renewal that finds the lease still this runner's: a runner
// that lost it (stalled past the lease, or its export deleted by an erasure) stops without writing
// another byte, and the runner that took the export over starts it again from nothing.

const LEASE_MS = 60_000;

class LeaseLost extends Error {}

/** Takes the oldest export waiting (or abandoned) and writes it: 1, or 0 when there was none. */
export async function runNextExport(services: Services): Promise<number> {
  return (await writeNextExport(services)) ? 1 : 0;
}

async function writeNextExport(services: Services): Promise<boolean> {
  const { db } = services;
  const taken = await claimNext(db, exportQueue, {
    due: (eb) => eb("state", "in", exportQueue.waiting),
    orderBy: "created_at",
    leaseMs: LEASE_MS,
    set: () => ({ state: "running", done: 0, bytes: 0 }),
  });
  if (taken === "none") return false;
  if (taken === "taken") return true;
  const claimed = taken.row;
  const workspace = await db.selectFrom("workspaces").select(["id", "slug", "name"]).where("id", "=", claimed.workspace_id).executeTakeFirst();
  if (!workspace) return true;
  const lease = holdLease(db, exportQueue, claimed.id, leaseOf(claimed)!, LEASE_MS, (eb) => eb("state", "=", "running"));
  // What an earlier runner of this export stored is stale: the put replaces it from nothing.
  const blobs = blobsOf(services);
  const archiveKey = exportArchiveKey(claimed.workspace_id, claimed.id);

  let rows = 0;
  const counts: Record<string, number> = {};
  let lost = false;
  const keepAlive = setInterval(() => {
    void lease.renew().then(
      (held) => (lost ||= !held),
      () => {},
    );
  }, LEASE_MS / 4);
  try {
    const archive = workspaceArchive(db, { workspace, exportedAt: claimed.created_at, onRow: () => rows++, counts });
    const { bytes } = await blobs.put(archiveKey, archive, {
      contentType: "application/zip",
      beside: async (runner, stored) => {
        if (lost) throw new LeaseLost();
        if (!(await lease.renew(runner, { done: rows, bytes: stored }))) throw new LeaseLost();
      },
    });
    const finished = await lease.end({ state: "done", done: rows, bytes, counts: JSON.stringify(counts), finished_at: nowIso() });
    if (!finished) log.warn("export finished after its lease was lost: left to the runner that took it", { exportId: claimed.id });
  } catch (error) {
    if (error instanceof LeaseLost) return true;
    log.warn("export failed", { exportId: claimed.id, error });
    const failed = await lease.end({ state: "failed", error: "The archive could not be written; ask for a new export.", finished_at: nowIso() });
    // Only the runner that still held the export clears what it stored.
    if (failed) await blobs.delete(archiveKey);
  } finally {
    clearInterval(keepAlive);
  }
  return true;
}

/** Deletes exports past their expiry, with their archives (a job). */
export async function purgeExpiredExports(services: Pick<Services, "db" | "blobs">): Promise<number> {
  await blobsOf(services).purgeOlderThan("exports", isoAt(nowMs() - EXPORT_LIFETIME_HOURS * 3_600_000));
  const result = await services.db.deleteFrom("exports").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
