import type { Services } from "../../platform/context.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { workspaceArchive } from "./archive.js";
import { storeChunks } from "./store.js";

// The runner: takes one queued export under a lease (any number of processes may run this) and
// writes its archive. An export whose runner died is taken again once its lease lapses and starts
// over (its chunks so far deleted). Each stored chunk renews the lease, but only while this runner
// still holds it: a runner that lost it (stalled past the lease) stops instead of writing on.

const LEASE_MS = 60_000;

class LeaseLost extends Error {}

/** Takes the oldest export waiting (or abandoned) and writes it: 1, or 0 when there was none. */
export async function runNextExport(services: Services): Promise<number> {
  return (await writeNextExport(services)) ? 1 : 0;
}

async function writeNextExport(services: Services): Promise<boolean> {
  const { db } = services;
  const now = nowIso();
  const candidate = await db
    .selectFrom("exports")
    .select(["id", "locked_until"])
    .where((eb) => eb.or([eb("state", "=", "queued"), eb.and([eb("state", "=", "running"), eb("locked_until", "<", now)])]))
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return false;
  let lease = isoAt(nowMs() + LEASE_MS);
  const claimed = await db
    .updateTable("exports")
    .set({ state: "running", locked_until: lease, done: 0, bytes: 0 })
    .where("id", "=", candidate.id)
    .where((eb) => (candidate.locked_until === null ? eb("locked_until", "is", null) : eb("locked_until", "=", candidate.locked_until)))
    .where("state", "in", ["queued", "running"])
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return true;
  const workspace = await db.selectFrom("workspaces").select(["id", "slug", "name"]).where("id", "=", claimed.workspace_id).executeTakeFirst();
  if (!workspace) return true;
  await db.deleteFrom("export_chunks").where("export_id", "=", claimed.id).execute();

  let rows = 0;
  const counts: Record<string, number> = {};
  try {
    const archive = workspaceArchive(db, { workspace, exportedAt: claimed.created_at, onRow: () => rows++, counts });
    const bytes = await storeChunks(db, claimed.id, archive, async (stored) => {
      const renewed = isoAt(nowMs() + LEASE_MS);
      const kept = await db
        .updateTable("exports")
        .set({ locked_until: renewed, done: rows, bytes: stored })
        .where("id", "=", claimed.id)
        .where("locked_until", "=", lease)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) === 0) throw new LeaseLost();
      lease = renewed;
    });
    await db
      .updateTable("exports")
      .set({ state: "done", done: rows, bytes, counts: JSON.stringify(counts), locked_until: null, finished_at: nowIso() })
      .where("id", "=", claimed.id)
      .where("locked_until", "=", lease)
      .execute();
  } catch (error) {
    if (error instanceof LeaseLost) return true;
    log.warn("export failed", { exportId: claimed.id, error });
    await db
      .updateTable("exports")
      .set({ state: "failed", error: "The archive could not be written; ask for a new export.", locked_until: null, finished_at: nowIso() })
      .where("id", "=", claimed.id)
      .where("locked_until", "=", lease)
      .execute();
    await db.deleteFrom("export_chunks").where("export_id", "=", claimed.id).execute();
  }
  return true;
}

/** Deletes exports past their expiry, with their archives (a job). */
export async function purgeExpiredExports(services: Pick<Services, "db">): Promise<number> {
  const result = await services.db.deleteFrom("exports").where("expires_at", "<=", nowIso()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
