import { reader, type Ctx } from "../context.js";
import { afterCursor, BY_ID, toPage, type Page, type PageInput } from "../pagination/page.js";
import { requireScope } from "../scopes.js";
import { selectUsers, toUserView, type UserView } from "./view.js";

export interface ListUsersInput extends PageInput {
  companyId?: string;
  /** Exact match. */
  email?: string;
}

/** Newest first, keyset-paged by id. Deleted end users are left out. */
export async function listUsers({ ctx, input }: { ctx: Ctx; input: ListUsersInput }): Promise<Page<UserView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = JSON.stringify(["end_users", ctx.workspace.id, input.companyId, input.email]);
  const after = afterCursor(ctx.services.cursorSecret, queryKey, input, BY_ID);
  let query = selectUsers(reader(ctx))
    .where("u.workspace_id", "=", ctx.workspace.id)
    .where("u.deleted_at", "is", null)
    .orderBy("u.id", "desc")
    .limit(input.limit + 1);
  if (input.companyId !== undefined) query = query.where("u.company_id", "=", input.companyId);
  if (input.email !== undefined) query = query.where("u.email", "=", input.email);
  if (after) query = query.where("u.id", "<", after[0]);
  const rows = await query.execute();
  return toPage(
    rows,
    input.limit,
    ctx.services.cursorSecret,
    queryKey,
    (r) => [r.id],
    (rs) => rs.map(toUserView),
  );
}
