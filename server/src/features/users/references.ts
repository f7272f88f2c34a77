import type { Ctx, Tx } from "../../platform/context.js";
import { invalidReference } from "../../platform/errors.js";

/**
 * The company an end user is linked to must exist in the caller's workspace; another workspace's
 * company is answered like an unknown one. On PostgreSQL the row is locked (`for key share`) until
 * the transaction ends, so a concurrent company delete waits for the link instead of the insert
 * failing on the foreign key; the delete then unlinks the user. SQLite runs one writer at a time.
 */
export async function checkCompany(tx: Tx, ctx: Ctx, companyId: string): Promise<void> {
  let query = tx.selectFrom("companies").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "=", companyId);
  if (ctx.services.dialect === "postgres") query = query.forKeyShare();
  const row = await query.executeTakeFirst();
  if (!row) throw invalidReference("/companyId", "company", companyId);
}
