import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { Database, StatusesTable } from "../../platform/db/schema.js";
import type { StatusSchema } from "./schema.js";
import type { Ctx } from "../../platform/context.js";
import { readTranslations } from "./names.js";

/** A status as the API shows it. */
export type StatusView = z.output<typeof StatusSchema>;

export function toStatusView(row: StatusesTable): StatusView {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    color: row.color,
    position: row.position,
    isDefault: row.is_default === 1,
    onRoadmap: row.on_roadmap === 1,
    translations: readTranslations(row.translations),
  };
}

export function findStatus(db: Kysely<Database>, ctx: Ctx, id: string): Promise<StatusesTable | undefined> {
  return db.selectFrom("statuses").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
