import type { z } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import type { CompaniesTable, Database } from "../../platform/db/schema.js";
import type { CompanySchema } from "./schema.js";
import type { Ctx } from "../../platform/context.js";

/** A company as the API shows it. */
export type CompanyView = z.output<typeof CompanySchema>;

export function toCompanyView(row: CompaniesTable): CompanyView {
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    monthlySpend: row.monthly_spend,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One company of the workspace, or undefined. */
export async function findCompany(db: Kysely<Database>, ctx: Ctx, id: string): Promise<CompaniesTable | undefined> {
  return db.selectFrom("companies").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", id).executeTakeFirst();
}
