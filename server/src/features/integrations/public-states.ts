import { type Ctx, reader } from "../../platform/context.js";
import { PROVIDER_NAMES } from "./settings.js";

// What the portal tells a visitor of a post's tracker issues: that the work is tracked, where,
// and the issue's state; never the issue's key or address, which name the team's repositories.

export async function publicIssueStates(ctx: Ctx, postId: string): Promise<{ tracker: string; state: string }[]> {
  const rows = await reader(ctx)
    .selectFrom("integration_links as l")
    .innerJoin("integrations as i", "i.id", "l.integration_id")
    .select(["i.provider", "l.issue_state"])
    .where("l.workspace_id", "=", ctx.workspace.id)
    .where("l.post_id", "=", postId)
    .where("l.state", "=", "linked")
    .where("i.enabled", "=", 1)
    .orderBy("l.id")
    .execute();
  return rows.map((row) => ({ tracker: PROVIDER_NAMES[row.provider], state: (row.issue_state ?? "").replace(/_/g, " ") }));
}
