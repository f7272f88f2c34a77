import { nowIso } from "../../platform/lib/clock.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { postsVotedByCompany, recountRevenue } from "../posts/index.js";
import { requireScope } from "../../platform/scopes.js";

/**
 * Hard delete. Its end users stay, without a company: unlinked here in the same transaction (the
 * foreign key's `on delete set null` does it too, but SQLite enforces it only when foreign keys are on).
 * On PostgreSQL the company row is locked first, as user upserts that link to it do (see
 * checkCompany), so the two always lock company then user and cannot deadlock.
 */
export async function deleteCompany({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<void> {
  requireScope(ctx.actor.scopes, "users:write");
  await inTransaction(ctx, async (tx) => {
    let query = tx.selectFrom("companies").selectAll().where("workspace_id", "=", ctx.workspace.id).where("id", "=", input.id);
    if (ctx.services.dialect === "postgres") query = query.forUpdate();
    const company = await query.executeTakeFirst();
    if (!company) throw notFound("company", input.id);
    const affected = await postsVotedByCompany(tx, ctx.workspace.id, company.id);
    const unlinked = await tx
      .updateTable("users")
      .set({ company_id: null, updated_at: nowIso() })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("company_id", "=", company.id)
      .executeTakeFirst();
    await tx.deleteFrom("companies").where("workspace_id", "=", ctx.workspace.id).where("id", "=", company.id).execute();
    await recountRevenue(tx, ctx.workspace.id, { postIds: affected });
    await recordChange(tx, ctx, {
      action: "company.deleted",
      objectType: "company",
      objectId: company.id,
      audit: { externalId: company.external_id, name: company.name, unlinkedUsers: Number(unlinked.numUpdatedRows) },
    });
  });
}
