import type { z } from "@hono/zod-openapi";
import type { ListCompaniesQuery } from "./schema.js";
import { containsAny } from "../../platform/search.js";
import { reader, type Ctx } from "../../platform/context.js";
import { type Page, pageById } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

/** Newest first, keyset-paged by id. */
export async function listCompanies({ ctx, input }: { ctx: Ctx; input: z.output<typeof ListCompaniesQuery> }): Promise<Page<CompanyView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = JSON.stringify(["companies", ctx.workspace.id, input.q]);
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx).selectFrom("companies").selectAll().where("workspace_id", "=", ctx.workspace.id).orderBy("id", "desc").limit(take);
      if (input.q !== undefined) query = query.where((eb) => containsAny(eb, ["name", "external_id"], input.q!));
      if (afterId) query = query.where("id", "<", afterId);
      return query.execute();
    },
    (rs) => rs.map(toCompanyView),
  );
}
