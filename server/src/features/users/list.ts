import type { z } from "@hono/zod-openapi";
import type { ListUsersQuery } from "./schema.js";
import { containsAny } from "../../platform/search/contains.js";
import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { selectUsers, toUserView, type UserView } from "./view.js";

/** The validated query of `GET /users`. */
export type ListUsersInput = z.output<typeof ListUsersQuery>;

/** Newest first, keyset-paged by id. Deleted end users are left out. */
export async function listUsers({ ctx, input }: { ctx: Ctx; input: ListUsersInput }): Promise<Page<UserView>> {
  requireScope(ctx.actor.scopes, "users:read");
  let query = selectUsers(reader(ctx)).where("u.workspace_id", "=", ctx.workspace.id).where("u.deleted_at", "is", null);
  if (input.companyId !== undefined) query = query.where("u.company_id", "=", input.companyId);
  if (input.email !== undefined) query = query.where("u.email", "=", input.email);
  if (input.q !== undefined) query = query.where((eb) => containsAny(eb, ["u.name", "u.email", "u.external_id"], input.q!));
  return keysetPage(ctx, {
    key: JSON.stringify(["users", ctx.workspace.id, input.companyId, input.email, input.q]),
    input,
    query,
    order: { by: ["u.id"], kinds: ["string"], direction: "desc" },
    shape: (rows) => rows.map(toUserView),
  });
}
