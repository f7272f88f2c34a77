import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { CompaniesTable } from "../../platform/db/schema.js";
import type { UpsertCompanySchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { recountRevenue } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";
import { toCompanyView, type CompanyView } from "./view.js";

/** The validated body of `POST /companies`: `externalId` is the key; an absent `monthlySpend` is kept (0 for a new company). */
export type UpsertCompanyInput = z.output<typeof UpsertCompanySchema>;

/** Creates or updates the company with this `externalId` (see storeCompany), with its audit row. */
export async function upsertCompany({ ctx, input }: { ctx: Ctx; input: UpsertCompanyInput }): Promise<{ company: CompanyView; created: boolean }> {
  requireScope(ctx.actor.scopes, "users:write");
  return inTransaction(ctx, async (tx) => {
    const { row, created } = await storeCompany(tx, ctx, input);
    await recordChange(tx, ctx, {
      action: "company.upserted",
      objectType: "company",
      objectId: row.id,
      audit: { created, externalId: row.external_id, name: row.name, monthlySpend: row.monthly_spend },
    });
    return { company: toCompanyView(row), created };
  });
}

/**
 * Creates the company with this `externalId`, or updates it. One `insert … on conflict do update`
 * statement, so concurrent upserts of the same externalId meet in the unique index and never make
 * two rows or fail; the company was created when the returned id is the one this call generated.
 */
export async function storeCompany(tx: Tx, ctx: Ctx, input: UpsertCompanyInput): Promise<{ row: CompaniesTable; created: boolean }> {
  // Identify sends the spend on every call: the posts are recounted only when it really changed.
  // Locked as it is read on PostgreSQL, so a concurrent change cannot make "unchanged" stale.
  let query = tx.selectFrom("companies").select("monthly_spend").where("workspace_id", "=", ctx.workspace.id).where("external_id", "=", input.externalId);
  if (ctx.services.dialect === "postgres") query = query.forUpdate();
  const before = await query.executeTakeFirst();
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
  if (!created && before !== undefined && before.monthly_spend !== row.monthly_spend) await recountRevenue(tx, ctx.workspace.id, { companyId: row.id });
  return { row, created };
}
