import type { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { BlobKey } from "../../platform/blobs/index.js";
import type { Ctx, Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import type { ExportsTable } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import type { ExportSchema } from "./schema.js";

export type ExportView = z.output<typeof ExportSchema>;

export function toExportView(row: Selectable<ExportsTable>): ExportView {
  return {
    id: row.id,
    state: row.state,
    total: Number(row.total),
    done: Number(row.done),
    files: JSON.parse(row.counts) as Record<string, number>,
    bytes: Number(row.bytes),
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
    downloadPath: row.state === "done" ? `/v1/exports/${row.id}/download` : null,
  };
}

/** One export of the workspace, not yet expired (the hourly purge may not have come yet), or undefined. */
export function findExport(db: Db | Tx, ctx: Pick<Ctx, "workspace">, id: string) {
  return db
    .selectFrom("exports")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .where("id", "=", id)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
}

/** Where an export's archive is kept (platform/blobs). */
export function exportArchiveKey(workspaceId: string, exportId: string): BlobKey {
  return { workspaceId, bucket: "exports", id: exportId };
}
