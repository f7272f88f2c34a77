import type { Kysely } from "kysely";
import type { BoardsTable, Database } from "../../db/schema.js";
import type { Ctx } from "../context.js";

export interface BoardView {
  id: string;
  slug: string;
  name: string;
  description: string;
  visibility: "public" | "private";
  createdAt: string;
  updatedAt: string;
}

export function toBoardView(row: BoardsTable): BoardView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function findBoard(db: Kysely<Database>, ctx: Ctx, id: string): Promise<BoardsTable | undefined> {
  return db.selectFrom("boards").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
