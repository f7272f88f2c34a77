import { reader, type Ctx } from "../context.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { toBoardView, type BoardView } from "./view.js";

/** Oldest first: the order the team created them in. */
export async function listBoards({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<BoardView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  const queryKey = `boards:${ctx.workspace.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = reader(ctx)
    .selectFrom("boards")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("id")
    .limit(input.limit + 1);
  if (after) query = query.where("id", ">", after[0]);
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rs) => rs.map(toBoardView),
  );
}
