import type { Kysely } from "kysely";
import type { Database, StatusCategory, StatusesTable } from "../../db/schema.js";
import type { Ctx } from "../context.js";

export interface StatusView {
  id: string;
  name: string;
  category: StatusCategory;
  color: string;
  position: number;
  /** The status new posts get when none is given. */
  isDefault: boolean;
}

export function toStatusView(row: StatusesTable): StatusView {
  return { id: row.id, name: row.name, category: row.category, color: row.color, position: row.position, isDefault: row.is_default === 1 };
}

export function findStatus(db: Kysely<Database>, ctx: Ctx, id: string): Promise<StatusesTable | undefined> {
  return db.selectFrom("statuses").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
