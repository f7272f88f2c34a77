import { reader, type Ctx } from "../context.js";
import { type Page, pageById, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

/** Newest first, keyset-paged by id. */
export async function listCompanies({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<CompanyView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = `companies:${ctx.workspace.id}`;
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx).selectFrom("companies").selectAll().where("workspace_id", "=", ctx.workspace.id).orderBy("id", "desc").limit(take);
      if (afterId) query = query.where("id", "<", afterId);
      return query.execute();
    },
    (rs) => rs.map(toCompanyView),
  );
}
