import type { z } from "@hono/zod-openapi";
import type { ListCompaniesQuery } from "./schema.js";
import { containsAny } from "../../platform/search/contains.js";
import { reader, type Ctx } from "../../platform/context.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

/** Newest first, or the highest monthly spend first; keyset-paged, each order with its index. */
export async function listCompanies({ ctx, input }: { ctx: Ctx; input: z.output<typeof ListCompaniesQuery> }): Promise<Page<CompanyView>> {
  requireScope(ctx.actor.scopes, "users:read");
  let query = reader(ctx).selectFrom("companies").selectAll().where("workspace_id", "=", ctx.workspace.id);
  if (input.q !== undefined) query = query.where((eb) => containsAny(eb, ["name", "external_id"], input.q!));
  return keysetPage(ctx, {
    key: JSON.stringify(["companies", ctx.workspace.id, input.q, input.sort]),
    input,
    query,
    order: input.sort === "spend" ? { by: ["monthly_spend", "id"], kinds: ["number", "string"], direction: "desc" } : byId("desc"),
    shape: (rows) => rows.map(toCompanyView),
  });
}
