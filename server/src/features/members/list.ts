import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toMemberView, type MemberView } from "./view.js";

export async function listMembers({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<MemberView>> {
  requireScope(ctx.actor.scopes, "members:read");
  return keysetPage(ctx, {
    key: `members:${ctx.workspace.id}`,
    input,
    query: reader(ctx)
      .selectFrom("members as m")
      .leftJoin("accounts as a", "a.id", "m.account_id")
      .selectAll("m")
      .select("a.totp_enabled_at")
      .where("m.workspace_id", "=", ctx.workspace.id),
    order: { by: ["m.id"], kinds: ["string"], direction: "asc" },
    shape: (rows) => rows.map(toMemberView),
  });
}
