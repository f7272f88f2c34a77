import { reader, type Ctx } from "../../platform/context.js";
import { afterCursor, toPage, type Page, type PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toTagView, type TagView } from "./view.js";

/** Alphabetical, as pickers show them. */
export async function listTags({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<TagView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  const queryKey = `tags:${ctx.workspace.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, ["string", "string"]);
  let query = reader(ctx)
    .selectFrom("tags")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("name")
    .orderBy("id")
    .limit(input.limit + 1);
  if (after) query = query.where((eb) => eb(eb.refTuple("name", "id"), ">", eb.tuple(...after)));
  return toPage(
    await query.execute(),
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.name, r.id],
    (rs) => rs.map(toTagView),
  );
}
