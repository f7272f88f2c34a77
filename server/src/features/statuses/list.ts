import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toStatusView, type StatusView } from "./view.js";

/** In roadmap order (`position`). Statuses belong to the `boards` permission. */
export async function listStatuses({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<StatusView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  return keysetPage(ctx, {
    key: `statuses:${ctx.workspace.id}`,
    input,
    query: reader(ctx).selectFrom("statuses").selectAll().where("workspace_id", "=", ctx.workspace.id),
    order: { by: ["position", "id"], kinds: ["number", "string"], direction: "asc" },
    shape: (rows) => rows.map(toStatusView),
  });
}
