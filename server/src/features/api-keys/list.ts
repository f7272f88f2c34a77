import { reader, type Ctx } from "../../platform/context.js";
import { byId, keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toApiKeyView, type ApiKeyView } from "./view.js";

/** Newest first, revoked keys included (with `revokedAt`), so the list doubles as a history. */
export async function listApiKeys({ ctx, input }: { ctx: Ctx; input: PageInput & { createdBy?: string | undefined } }): Promise<Page<ApiKeyView>> {
  requireScope(ctx.actor.scopes, "api_keys:read");
  let query = reader(ctx).selectFrom("api_keys").selectAll().where("workspace_id", "=", ctx.workspace.id);
  if (input.createdBy) query = query.where("created_by", "=", input.createdBy);
  return keysetPage(ctx, {
    key: `api_keys:${ctx.workspace.id}:${input.createdBy ?? ""}`,
    input,
    query,
    order: byId("desc"),
    shape: (rows) => rows.map(toApiKeyView),
  });
}
