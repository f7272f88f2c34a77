import type { Ctx, Services } from "../../platform/context.js";
import type { ImportSource } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { claimNext, drainFor, type Pass, UNLEASED } from "../../platform/queue/index.js";
import { IMPORT_LEASE_MS, runImport } from "./batch.js";
import { importQueue } from "./queue.js";
import type { ImportKind, ImportSourceReader } from "./model.js";
import { cannySource } from "./sources/canny/source.js";
import { HEED_EXPORT_MAPPING, mappingOver, namesColumns, USERVOICE_MAPPING } from "./sources/csv/mapping.js";
import { DEFAULT_IMPORT_FILE_LIMIT, type CsvFile } from "./sources/csv/read.js";
import { csvSource } from "./sources/csv/source.js";
import { removeImportBatch } from "./undo/remove.js";
import { finishUndo } from "./undo/undo.js";
import { uploadedFile } from "./uploads.js";
import type { ImportOptionsStored } from "./view.js";

// The background runner of imports asked through the API (any number of processes may run it):
// it takes a queued import under a lease and runs it to its end, finishes undos, and clears up
// after a runner that died: an import whose lease lapsed while running is failed, and what it
// wrote removed (it is not resumed half-way), so nothing stays half-imported.

async function readerOf(
  services: Services,
  row: { workspace_id: string; source: ImportSource; options: string; secret: string | null },
): Promise<ImportSourceReader | string> {
  const options = JSON.parse(row.options) as ImportOptionsStored;
  if (row.source === "canny") {
    if (!row.secret) return "The Canny API key is gone: ask for the import again.";
    return cannySource({ apiKey: row.secret, baseUrl: services.cannyBaseUrl });
  }
  const files: Partial<Record<ImportKind, CsvFile>> = {};
  for (const [kind, id] of Object.entries(options.files ?? {})) {
    const file = await uploadedFile(services, row.workspace_id, id);
    if (!file) return `The uploaded ${kind} file (${id}) has expired: upload it again.`;
    files[kind as ImportKind] = file;
  }
  const preset = row.source === "uservoice" ? USERVOICE_MAPPING : HEED_EXPORT_MAPPING;
  return csvSource({
    source: row.source,
    files,
    mapping: mappingOver(preset, options.mapping),
    named: options.mapping,
    unescapeFormulas: row.source === "csv" && !namesColumns(options.mapping),
    limit: services.importFileLimitBytes ?? DEFAULT_IMPORT_FILE_LIMIT,
  });
}

/** Takes one import that needs a runner and does its part: 1, or 0 when there was none. */
export async function runNextImport(services: Services): Promise<number> {
  const { db } = services;
  const taken = await claimNext(db, importQueue, {
    due: (eb) => eb("state", "in", importQueue.waiting),
    orderBy: "created_at",
    leaseMs: IMPORT_LEASE_MS,
    set: (state): { state?: "running" } => (state === "queued" ? { state: "running" } : {}),
  });
  if (taken === "none") return 0;
  if (taken === "taken") return 1;
  const candidate = { ...taken.row, state: taken.from };

  if (candidate.state === "undoing") {
    await finishUndo(services, candidate);
    return 1;
  }
  if (candidate.state === "running") {
    // Its runner died: what it wrote goes, and it ends failed (an import is not resumed half-way).
    if (Number(candidate.dry_run) === 0) await removeImportBatch(db, services.dialect, candidate.workspace_id, candidate.id);
    await db
      .updateTable("imports")
      .set({
        state: "failed",
        secret: null,
        error: "The import was interrupted (its server stopped): nothing was kept. Ask for it again.",
        ...UNLEASED,
        finished_at: nowIso(),
      })
      .where("id", "=", candidate.id)
      .execute();
    return 1;
  }
  const workspace = await db.selectFrom("workspaces").select(["id", "slug"]).where("id", "=", candidate.workspace_id).executeTakeFirst();
  if (!workspace) return 1;
  const ctx: Ctx = {
    services,
    workspace,
    actor: { type: candidate.actor_type, id: candidate.actor_id, scopes: ["imports:write"] },
    requestId: null,
  };
  const reader = await readerOf(services, candidate);
  if (typeof reader === "string") {
    await db
      .updateTable("imports")
      .set({ state: "failed", secret: null, error: reader, ...UNLEASED, finished_at: nowIso() })
      .where("id", "=", candidate.id)
      .execute();
    return 1;
  }
  try {
    await runImport(ctx, candidate.id, reader, { preview: (JSON.parse(candidate.options) as ImportOptionsStored).preview });
  } catch (error) {
    log.warn("import runner stopped", { importId: candidate.id, error });
  }
  return 1;
}

/** Imports, one after another, until none waits or 10 s have passed (a large one runs to its end). */
export function importPass(services: Services, budgetMs = 10_000, run?: Pass): Promise<void> {
  return drainFor(budgetMs, () => runNextImport(services), run);
}
