import { reader, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { type PersonalData, personalData } from "./personal-data/document.js";

/** `GET /users/{id}/export`: everything Heed holds about the end user, for a data access request. */
export async function exportUser({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<PersonalData> {
  requireScope(ctx.actor.scopes, "users:read");
  const data = await personalData(reader(ctx), ctx.workspace.id, input.id);
  if (!data) throw notFound("end user", input.id);
  return data;
}
