import type { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { Ctx, Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { ImportsTable } from "../../platform/db/schema.js";
import { emptyReport, type ImportReport } from "./report.js";
import type { ImportSchema } from "./schema.js";
import type { CsvMapping } from "./sources/csv/mapping.js";

export type ImportView = z.output<typeof ImportSchema>;

/** What an import keeps of how it was asked (`imports.options`). */
export interface ImportOptionsStored {
  files?: Record<string, string>;
  mapping?: CsvMapping;
  preview?: number;
}

export function toImportView(row: Selectable<ImportsTable>): ImportView {
  const report = JSON.parse(row.report) as Partial<ImportReport>;
  const options = JSON.parse(row.options) as ImportOptionsStored;
  return {
    id: row.id,
    source: row.source,
    dryRun: Number(row.dry_run) === 1,
    state: row.state,
    phase: row.phase,
    done: Number(row.done),
    total: Number(row.total),
    report: { ...emptyReport(), ...report },
    files: options.files ?? {},
    mapping: options.mapping ?? null,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    undoneAt: row.undone_at,
  };
}

export function findImport(db: Db | Tx, ctx: Pick<Ctx, "workspace">, id: string) {
  return db.selectFrom("imports").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
