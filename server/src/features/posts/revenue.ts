import type { Tx } from "../../platform/context.js";

/**
 * Recounts the revenue of posts from their rows: the summed monthly spend of the distinct
 * companies whose end users voted. Called by every change that can move it (a vote, a merge, a
 * user changing company, a company's spend changing), for the posts that change touches.
 */
export async function recountRevenue(tx: Tx, workspaceId: string, scope: { postIds: string[] } | { userId: string } | { companyId: string }): Promise<void> {
  let query = tx
    .updateTable("posts")
    .set((eb) => ({
      revenue: eb.fn.coalesce(
        eb
          .selectFrom("companies as c")
          .select((c) => c.fn.sum<number>("c.monthly_spend").as("total"))
          .where("c.id", "in", (sub) =>
            sub
              .selectFrom("votes as v")
              .innerJoin("users as u", "u.id", "v.user_id")
              .select("u.company_id")
              .whereRef("v.post_id", "=", "posts.id")
              .where("u.company_id", "is not", null),
          ),
        eb.lit(0),
      ),
    }))
    .where("workspace_id", "=", workspaceId);
  if ("postIds" in scope) {
    // In chunks: a company's voters may reach thousands of posts, past the bound-parameter limits.
    for (let i = 0; i < scope.postIds.length; i += 500) await query.where("id", "in", scope.postIds.slice(i, i + 500)).execute();
    return;
  } else if ("userId" in scope) {
    query = query.where("id", "in", (eb) => eb.selectFrom("votes").select("post_id").where("user_id", "=", scope.userId));
  } else {
    query = query.where("id", "in", (eb) =>
      eb.selectFrom("votes as v").innerJoin("users as u", "u.id", "v.user_id").select("v.post_id").where("u.company_id", "=", scope.companyId),
    );
  }
  await query.execute();
}

/** The posts the users of a company voted on (before unlinking them, when the company goes). */
export async function postsVotedByCompany(tx: Tx, workspaceId: string, companyId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("votes as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .select("v.post_id")
    .distinct()
    .where("v.workspace_id", "=", workspaceId)
    .where("u.company_id", "=", companyId)
    .execute();
  return rows.map((r) => r.post_id);
}
