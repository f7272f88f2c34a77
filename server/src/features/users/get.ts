import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { findUser, toUserView, type UserView } from "./view.js";

/** A deleted (anonymised) end user answers 404, like an unknown id. */
export async function getUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<UserView> {
  requireScope(ctx.actor.scopes, "users:read");
  const row = await findUser(reader(ctx), ctx, input.id);
  if (!row) throw notFound("end user", input.id);
  return toUserView(row);
}
