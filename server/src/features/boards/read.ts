import { reader, type Ctx } from "../../platform/context.js";
import { type Page, pageById, type PageInput } from "../../platform/pagination/page.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findBoard, toBoardView, type BoardView } from "./view.js";

/** Oldest first: the order the team created them in. */
export async function listBoards({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<BoardView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  const queryKey = `boards:${ctx.workspace.id}`;
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx).selectFrom("boards").selectAll().where("workspace_id", "=", ctx.workspace.id).orderBy("id").limit(take);
      if (afterId) query = query.where("id", ">", afterId);
      return query.execute();
    },
    (rs) => rs.map(toBoardView),
  );
}

export async function getBoard({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<BoardView> {
  requireScope(ctx.actor.scopes, "boards:read");
  const row = await findBoard(reader(ctx), ctx, input.id);
  if (!row) throw notFound("board", input.id);
  return toBoardView(row);
}
