import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findBoard, toBoardView, type BoardView } from "./view.js";

/** In the order the team set (`position`); a new board goes last. */
export async function listBoards({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<BoardView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  return keysetPage(ctx, {
    key: `boards:${ctx.workspace.id}`,
    input,
    query: reader(ctx).selectFrom("boards").selectAll().where("workspace_id", "=", ctx.workspace.id),
    order: { by: ["position", "id"], kinds: ["number", "string"], direction: "asc" },
    shape: (rows) => rows.map(toBoardView),
  });
}

export async function getBoard({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<BoardView> {
  requireScope(ctx.actor.scopes, "boards:read");
  const row = await findBoard(reader(ctx), ctx, input.id);
  if (!row) throw notFound("board", input.id);
  return toBoardView(row);
}
