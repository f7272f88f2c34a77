import { reader, type Ctx } from "../../platform/context.js";
import { afterCursor, toPage, type Page, type PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toStatusView, type StatusView } from "./view.js";

/** In roadmap order (`position`). Statuses belong to the `boards` permission. */
export async function listStatuses({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<StatusView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  const queryKey = `statuses:${ctx.workspace.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, ["number", "string"]);
  let query = reader(ctx)
    .selectFrom("statuses")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("position")
    .orderBy("id")
    .limit(input.limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple("position", "id"), ">", eb.tuple(...after)));
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.position, r.id],
    (rs) => rs.map(toStatusView),
  );
}
