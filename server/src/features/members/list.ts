import { reader, type Ctx } from "../../platform/context.js";
import { type Page, pageById, type PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toMemberView, type MemberView } from "./view.js";

export async function listMembers({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<MemberView>> {
  requireScope(ctx.actor.scopes, "members:read");
  const queryKey = `members:${ctx.workspace.id}`;
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx)
        .selectFrom("members as m")
        .leftJoin("accounts as a", "a.id", "m.account_id")
        .selectAll("m")
        .select("a.totp_enabled_at")
        .where("m.workspace_id", "=", ctx.workspace.id)
        .orderBy("m.id")
        .limit(take);
      if (afterId) query = query.where("m.id", ">", afterId);
      return query.execute();
    },
    (rs) => rs.map(toMemberView),
  );
}
