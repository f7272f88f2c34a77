import { reader, type Ctx } from "../context.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

/** Newest first, keyset-paged by id. */
export async function listCompanies({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<CompanyView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = `companies:${ctx.workspace.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = reader(ctx)
    .selectFrom("companies")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("id", "desc")
    .limit(input.limit + 1);
  if (after) query = query.where("id", "<", after[0]);
  const rows = await query.execute();
  return toPage(
    rows,
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rs) => rs.map(toCompanyView),
  );
}
