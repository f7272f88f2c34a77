import type { z } from "@hono/zod-openapi";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { notFound } from "../../platform/errors.js";
import { requireScope } from "../../platform/scopes.js";
import { type EndUserPreferences, changeEndUserPreferences, readEndUserPreferences } from "./preferences.js";
import type { UpdateNotificationPreferencesSchema } from "./schema.js";

// An end user's choices of what they hear, read and set by the team (users:read / users:write),
// say from the customer's own settings page.

export type PreferencesPatch = z.output<typeof UpdateNotificationPreferencesSchema>;

export async function getUserNotificationPreferences({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<EndUserPreferences> {
  requireScope(ctx.actor.scopes, "users:read");
  return inTransaction(ctx, async (tx) => {
    const preferences = await readEndUserPreferences(tx, ctx.workspace.id, input.id);
    if (!preferences) throw notFound("end user", input.id);
    return preferences;
  });
}

export async function updateUserNotificationPreferences({ ctx, input }: { ctx: Ctx; input: PreferencesPatch & { id: string } }): Promise<EndUserPreferences> {
  requireScope(ctx.actor.scopes, "users:write");
  return inTransaction(ctx, async (tx) => {
    if (!(await readEndUserPreferences(tx, ctx.workspace.id, input.id))) throw notFound("end user", input.id);
    const { id, ...patch } = input;
    await changeEndUserPreferences(tx, ctx, id, patch);
    return (await readEndUserPreferences(tx, ctx.workspace.id, id))!;
  });
}
