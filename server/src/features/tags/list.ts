import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { toTagView, type TagView } from "./view.js";

/** Alphabetical, as pickers show them. */
export async function listTags({ ctx, input }: { ctx: Ctx; input: PageInput }): Promise<Page<TagView>> {
  requireScope(ctx.actor.scopes, "boards:read");
  return keysetPage(ctx, {
    key: `tags:${ctx.workspace.id}`,
    input,
    query: reader(ctx).selectFrom("tags").selectAll().where("workspace_id", "=", ctx.workspace.id),
    order: { by: ["name", "id"], kinds: ["string", "string"], direction: "asc" },
    shape: (rows) => rows.map(toTagView),
  });
}
