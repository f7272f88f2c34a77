import { nowIso } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { CompaniesTable } from "../../db/schema.js";
import { recordChange } from "../changes.js";
import { inTransaction, type Ctx } from "../context.js";
import { recountRevenue } from "../posts/revenue.js";
import { requireScope } from "../scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

export interface UpsertCompanyInput {
  /** The customer's own id for the company: the key of the upsert. */
  externalId: string;
  name: string;
  /** Kept when absent on an update; 0 for a new company. */
  monthlySpend?: number;
}

/**
 * Creates the company with this `externalId`, or updates it. One `insert … on conflict do update`
 * statement, so concurrent upserts of the same externalId meet in the unique index and never make
 * two rows or fail; the company was created when the returned id is the one this call generated.
 */
export async function upsertCompany({ ctx, input }: { ctx: Ctx; input: UpsertCompanyInput }): Promise<{ company: CompanyView; created: boolean }> {
  requireScope(ctx.actor.scopes, "users:write");
  return inTransaction(ctx, async (tx) => {
    const at = nowIso();
    const id = newId("company");
    const set: Partial<CompaniesTable> = { name: input.name, updated_at: at };
    if (input.monthlySpend !== undefined) set.monthly_spend = input.monthlySpend;
    const row = await tx
      .insertInto("companies")
      .values({
        id,
        workspace_id: ctx.workspace.id,
        external_id: input.externalId,
        name: input.name,
        monthly_spend: input.monthlySpend ?? 0,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(["workspace_id", "external_id"]).doUpdateSet(set))
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = row.id === id;
    if (!created && input.monthlySpend !== undefined) await recountRevenue(tx, ctx.workspace.id, { companyId: row.id });
    await recordChange(tx, ctx, {
      action: "company.upserted",
      objectType: "company",
      objectId: row.id,
      audit: { created, externalId: row.external_id, name: row.name, monthlySpend: row.monthly_spend },
    });
    return { company: toCompanyView(row), created };
  });
}
