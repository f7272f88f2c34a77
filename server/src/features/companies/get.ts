import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findCompany, toCompanyView, type CompanyView } from "./view.js";

export async function getCompany({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<CompanyView> {
  requireScope(ctx.actor.scopes, "users:read");
  const row = await findCompany(reader(ctx), ctx, input.id);
  if (!row) throw notFound("company", input.id);
  return toCompanyView(row);
}
