import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { BoardsTable, Database } from "../../platform/db/schema.js";
import type { BoardSchema } from "./schema.js";
import type { Ctx } from "../../platform/context.js";

/** A board as the API shows it. */
export type BoardView = z.output<typeof BoardSchema>;

export function toBoardView(row: BoardsTable): BoardView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findBoard(db: Kysely<Database>, ctx: Ctx, id: string): Promise<BoardsTable | undefined> {
  return db.selectFrom("boards").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
