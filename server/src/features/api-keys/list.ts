import { reader, type Ctx } from "../../platform/context.js";
import { type Page, pageById, type PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toApiKeyView, type ApiKeyView } from "./view.js";

/** Newest first, revoked keys included (with `revokedAt`), so the list doubles as a history. */
export async function listApiKeys({ ctx, input }: { ctx: Ctx; input: PageInput & { createdBy?: string | undefined } }): Promise<Page<ApiKeyView>> {
  requireScope(ctx.actor.scopes, "api_keys:read");
  const queryKey = `api_keys:${ctx.workspace.id}:${input.createdBy ?? ""}`;
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = reader(ctx).selectFrom("api_keys").selectAll().where("workspace_id", "=", ctx.workspace.id).orderBy("id", "desc").limit(take);
      if (afterId) query = query.where("id", "<", afterId);
      if (input.createdBy) query = query.where("created_by", "=", input.createdBy);
      return query.execute();
    },
    (rs) => rs.map(toApiKeyView),
  );
}
