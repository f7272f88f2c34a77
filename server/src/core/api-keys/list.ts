import { reader, type Ctx } from "../context.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { toApiKeyView, type ApiKeyView } from "./view.js";

/** Newest first, revoked keys included (with `revokedAt`), so the list doubles as a history. */
export async function listApiKeys({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<ApiKeyView>> {
  requireScope(ctx.actor.scopes, "api_keys:read");
  const queryKey = `api_keys:${ctx.workspace.id}`;
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = reader(ctx)
    .selectFrom("api_keys")
    .selectAll()
    .where("workspace_id", "=", ctx.workspace.id)
    .orderBy("id", "desc")
    .limit(input.limit + 1);
  if (after) query = query.where("id", "<", after[0]);
  const rows = await query.execute();
  return toPage(
    rows,
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rs) => rs.map(toApiKeyView),
  );
}
