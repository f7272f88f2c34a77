import type { z } from "@hono/zod-openapi";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx, type Tx } from "../../platform/context.js";
import { invalidReference } from "../../platform/errors.js";
import { nowIso } from "../../platform/lib/clock.js";
import { changeMemberChannels, readMemberChannels } from "./preferences.js";
import type { NotificationSettingsSchema, UpdateNotificationSettingsSchema } from "./schema.js";

// A member's own Settings → Notifications: each kind in the dashboard and by mail, the boards
// whose new posts they hear of, and whether this server mails at all.

export type NotificationSettingsView = z.output<typeof NotificationSettingsSchema>;

function memberOf(ctx: Ctx): string {
  if (ctx.actor.type !== "member" || !ctx.actor.id) throw new Error("notification settings need a member's session");
  return ctx.actor.id;
}

async function read(tx: Tx, ctx: Ctx, memberId: string): Promise<NotificationSettingsView> {
  const kinds = (await readMemberChannels(tx, ctx.workspace.id, memberId))!;
  const boards = await tx
    .selectFrom("board_followers")
    .select("board_id")
    .where("workspace_id", "=", ctx.workspace.id)
    .where("member_id", "=", memberId)
    .orderBy("board_id")
    .execute();
  return { kinds, boards: boards.map((b) => b.board_id), mail: { enabled: ctx.services.mailer !== undefined } };
}

export async function getNotificationSettings({ ctx }: { ctx: Ctx }): Promise<NotificationSettingsView> {
  const memberId = memberOf(ctx);
  return inTransaction(ctx, (tx) => read(tx, ctx, memberId));
}

export async function updateNotificationSettings({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: z.output<typeof UpdateNotificationSettingsSchema>;
}): Promise<NotificationSettingsView> {
  const memberId = memberOf(ctx);
  return inTransaction(ctx, async (tx) => {
    if (input.kinds) await changeMemberChannels(tx, ctx, memberId, input.kinds);
    if (input.boards) {
      const wanted = [...new Set(input.boards)];
      const found = wanted.length
        ? new Set(
            (await tx.selectFrom("boards").select("id").where("workspace_id", "=", ctx.workspace.id).where("id", "in", wanted).execute()).map((b) => b.id),
          )
        : new Set<string>();
      const missing = wanted.findIndex((id) => !found.has(id));
      if (missing >= 0) throw invalidReference(`/boards/${missing}`, "board", wanted[missing]!);
      await tx.deleteFrom("board_followers").where("workspace_id", "=", ctx.workspace.id).where("member_id", "=", memberId).execute();
      if (wanted.length) {
        await tx
          .insertInto("board_followers")
          .values(wanted.map((board_id) => ({ workspace_id: ctx.workspace.id, board_id, member_id: memberId, created_at: nowIso() })))
          .execute();
      }
      await recordChange(tx, ctx, { action: "member.notifications_changed", objectType: "member", objectId: memberId, audit: { boards: wanted } });
    }
    return read(tx, ctx, memberId);
  });
}
