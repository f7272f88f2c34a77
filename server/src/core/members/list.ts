import { reader, type Ctx } from "../context.js";
import { type Page, pageById, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
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
