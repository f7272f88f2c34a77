import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import type { ImportSource } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { log } from "../../platform/lib/log.js";
import { holdLease, leasedFor, leaseOf, UNLEASED } from "../../platform/queue/index.js";
import { requireScope } from "../../platform/scopes.js";
import { type ImportProgress, importInto } from "./landing/engine.js";
import { type RememberedMapping, rememberMappings } from "./mappings.js";
import { importQueue } from "./queue.js";
import { type ImportSourceReader, UnreadableSource } from "./model.js";
import type { ImportReport } from "./report.js";
import { removeImportBatch } from "./undo/remove.js";
import { findImport, type ImportOptionsStored, type ImportView, toImportView } from "./view.js";

// An import batch: made (audited), run against its source with its progress written as it goes
// and a lease kept, then done with its report, or failed / cancelled with everything it wrote
// taken out again, so a source that breaks half-way leaves nothing half-imported.

/** A runner's hold on its import: longer than any step takes, waits for Canny's rate limit included. */
export const IMPORT_LEASE_MS = 5 * 60_000;

class Stopped extends Error {
  constructor(readonly state: "cancelled" | "lost") {
    super(state);
  }
}

/**
 * A new batch: `running` under this process's lease (the CLI runs it at once), or `queued` for the
 * background runner (the API's), with how it was asked and, for Canny, the key it reads with.
 */
export async function beginImport(
  ctx: Ctx,
  input: { source: ImportSource; dryRun: boolean; queued?: boolean; options?: ImportOptionsStored; secret?: string; remember?: RememberedMapping[] },
): Promise<ImportView> {
  requireScope(ctx.actor.scopes, "imports:write");
  return inTransaction(ctx, async (tx) => {
    const id = newId("import");
    await tx
      .insertInto("imports")
      .values({
        id,
        workspace_id: ctx.workspace.id,
        actor_type: ctx.actor.type,
        actor_id: ctx.actor.id,
        source: input.source,
        dry_run: input.dryRun ? 1 : 0,
        options: JSON.stringify(input.options ?? {}),
        secret: input.secret ?? null,
        state: input.queued ? "queued" : "running",
        phase: null,
        error: null,
        ...(input.queued ? UNLEASED : leasedFor(IMPORT_LEASE_MS)),
        created_at: nowIso(),
        finished_at: null,
        undone_at: null,
      })
      .execute();
    await rememberMappings(tx, ctx, id, input.remember ?? []);
    await recordChange(tx, ctx, { action: "import.created", objectType: "import", objectId: id, audit: { source: input.source, dryRun: input.dryRun } });
    return toImportView((await findImport(tx, ctx, id))!);
  });
}

function totals(report: ImportReport) {
  return Object.fromEntries(Object.entries(report.kinds).map(([kind, c]) => [kind, c.created]));
}

/**
 * Runs a batch made by beginImport to its end: `done`, or `failed` / `cancelled` with what it wrote
 * removed. `onProgress` hears each step (the CLI's progress bar).
 */
export async function runImport(
  ctx: Ctx,
  importId: string,
  reader: ImportSourceReader,
  options: { preview?: number; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportView> {
  const { db, dialect } = ctx.services;
  const row = await findImport(db, ctx, importId);
  if (!row) throw new Error(`import ${importId} not found`);
  const dryRun = Number(row.dry_run) === 1;
  const statuses = (JSON.parse(row.options) as ImportOptionsStored).mapping?.statuses;
  const lease = holdLease(db, importQueue, importId, leaseOf(row)!, IMPORT_LEASE_MS, (eb) => eb("state", "=", "running"));
  const step = async (progress: ImportProgress) => {
    options.onProgress?.(progress);
    if (!(await lease.renew(db, { phase: progress.phase, done: progress.done, total: progress.total }))) {
      const now = await findImport(db, ctx, importId);
      throw new Stopped(now?.state === "cancelled" ? "cancelled" : "lost");
    }
  };
  const finish = async (set: { state: "done" | "failed" | "cancelled"; report?: ImportReport; error?: string }, audit: Record<string, unknown> | null) => {
    await inTransaction(ctx, async (tx) => {
      await tx
        .updateTable("imports")
        .set({
          state: set.state,
          error: set.error ?? null,
          // The Canny key goes with the import's end: nothing needs it again.
          secret: null,
          ...UNLEASED,
          finished_at: nowIso(),
          ...(set.report ? { report: JSON.stringify(set.report) } : {}),
        })
        .where("id", "=", importId)
        .execute();
      // A cancel is audited where it was asked for (cancelImport), by whoever asked.
      if (audit)
        await recordChange(tx, ctx, { action: set.state === "done" ? "import.completed" : "import.failed", objectType: "import", objectId: importId, audit });
    });
  };

  try {
    const report = await importInto(ctx.services, ctx.workspace.id, reader, { importId, dryRun, statuses, preview: options.preview, onProgress: step });
    await finish({ state: "done", report }, { dryRun, created: totals(report), problems: report.problems.length });
  } catch (error) {
    if (error instanceof Stopped && error.state === "lost") {
      log.warn("import lost its lease: left to whoever took it", { importId });
      throw error;
    }
    // Nothing half-imported: what the batch wrote before it stopped is taken out again.
    if (!dryRun) await removeImportBatch(db, dialect, ctx.workspace.id, importId);
    if (error instanceof Stopped) await finish({ state: "cancelled" }, null);
    else {
      const message = error instanceof UnreadableSource ? error.message : "The import stopped on an unexpected error: nothing was kept.";
      if (!(error instanceof UnreadableSource)) log.warn("import failed", { importId, error });
      await finish({ state: "failed", error: message }, { error: message });
    }
  }
  return toImportView((await findImport(db, ctx, importId))!);
}
