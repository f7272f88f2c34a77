import type { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import type { BulkJobsTable } from "../../platform/db/schema.js";
import type { Db } from "../../platform/db/database.js";
import type { BulkJobSchema } from "./schema.js";
import type { Ctx, Tx } from "../../platform/context.js";

export type BulkJobView = z.output<typeof BulkJobSchema>;

export function toBulkJobView(row: Selectable<BulkJobsTable>): BulkJobView {
  return {
    id: row.id,
    state: row.state,
    action: JSON.parse(row.action),
    filters: JSON.parse(row.filters),
    total: row.total,
    done: row.done,
    changed: row.changed,
    undone: row.undone,
    notify: row.notify === 1,
    notified: row.notified,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    undoneAt: row.undone_at,
  };
}

/** One job of the workspace, or undefined. */
export function findBulkJob(db: Db | Tx, ctx: Ctx, id: string) {
  return db.selectFrom("bulk_jobs").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
