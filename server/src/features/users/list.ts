import type { z } from "@hono/zod-openapi";
import type { ListUsersQuery } from "./schema.js";
import { containsAny } from "../../platform/search.js";
import { reader, type Ctx } from "../../platform/context.js";
import { type Page, pageById } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { selectUsers, toUserView, type UserView } from "./view.js";

/** The validated query of `GET /users`. */
export type ListUsersInput = z.output<typeof ListUsersQuery>;

/** Newest first, keyset-paged by id. Deleted end users are left out. */
export async function listUsers({ ctx, input }: { ctx: Ctx; input: ListUsersInput }): Promise<Page<UserView>> {
  requireScope(ctx.actor.scopes, "users:read");
  const queryKey = JSON.stringify(["users", ctx.workspace.id, input.companyId, input.email, input.q]);
  return pageById(
    ctx.services.cursorSecret,
    queryKey,
    input,
    (afterId, take) => {
      let query = selectUsers(reader(ctx)).where("u.workspace_id", "=", ctx.workspace.id).where("u.deleted_at", "is", null).orderBy("u.id", "desc").limit(take);
      if (input.companyId !== undefined) query = query.where("u.company_id", "=", input.companyId);
      if (input.email !== undefined) query = query.where("u.email", "=", input.email);
      if (input.q !== undefined) query = query.where((eb) => containsAny(eb, ["u.name", "u.email", "u.external_id"], input.q!));
      if (afterId) query = query.where("u.id", "<", afterId);
      return query.execute();
    },
    (rs) => rs.map(toUserView),
  );
}
