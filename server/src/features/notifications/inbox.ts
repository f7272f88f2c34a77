import type { z } from "@hono/zod-openapi";
import { inTransaction, reader, type Ctx } from "../../platform/context.js";
import { nowIso } from "../../platform/lib/clock.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { PageInput } from "../../platform/pagination/page.js";
import type { NotificationKind } from "./kinds.js";
import { lineOf } from "./mail/compose.js";
import { translator } from "../../platform/i18n/translator.js";
import type { MarkReadSchema, NotificationListQuery, NotificationSchema } from "./schema.js";

// A member's own list in the dashboard: what they were told, newest first, with the unread count
// the frame shows. Only a signed-in member has one (the routes take a session, not a key).

export type NotificationView = z.output<typeof NotificationSchema>;

/** The member the session belongs to. */
function memberOf(ctx: Ctx): string {
  if (ctx.actor.type !== "member" || !ctx.actor.id) throw new Error("notifications need a member's session");
  return ctx.actor.id;
}

export async function listNotifications({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: PageInput & z.output<typeof NotificationListQuery>;
}): Promise<{ data: NotificationView[]; nextCursor: string | null; unread: number }> {
  const memberId = memberOf(ctx);
  const db = reader(ctx);
  const mine = () =>
    db.selectFrom("notifications as n").where("n.workspace_id", "=", ctx.workspace.id).where("n.recipient_id", "=", memberId).where("n.in_app", "=", 1);
  let query = mine().innerJoin("notification_events as e", "e.id", "n.event_id").select(["n.id", "n.kind", "n.post_id", "n.read_at", "n.created_at", "e.data"]);
  if (input.unread !== undefined) query = query.where("n.read_at", input.unread === "true" ? "is" : "is not", null);
  const [page, unread] = await Promise.all([
    keysetPage(ctx, {
      key: JSON.stringify(["notifications", ctx.workspace.id, memberId, input.unread ?? null]),
      input,
      query,
      order: { by: ["n.id"], kinds: ["string"], direction: "desc" },
      shape: (rows) =>
        rows.map((r) => {
          const data = JSON.parse(r.data) as Record<string, unknown>;
          const line = lineOf(translator("en"), r.kind as NotificationKind, r.post_id, data, {
            post: (id) => `/app/posts/${id}`,
            changelog: "/app/changelog",
            entry: (id) => `/app/changelog/${id}`,
          });
          return {
            id: r.id,
            kind: r.kind as NotificationKind,
            postId: r.post_id,
            title: line.headline,
            excerpt: line.quote ? line.quote.slice(0, 200) : null,
            read: r.read_at !== null,
            createdAt: r.created_at,
          };
        }),
    }),
    mine()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("n.read_at", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...page, unread: Number(unread.count) };
}

/** Marks some or all as read; answers how many are still unread. */
export async function markNotificationsRead({ ctx, input }: { ctx: Ctx; input: z.output<typeof MarkReadSchema> }): Promise<{ unread: number }> {
  const memberId = memberOf(ctx);
  return inTransaction(ctx, async (tx) => {
    let update = tx
      .updateTable("notifications")
      .set({ read_at: nowIso() })
      .where("workspace_id", "=", ctx.workspace.id)
      .where("recipient_id", "=", memberId)
      .where("read_at", "is", null);
    if (input.ids) update = update.where("id", "in", input.ids.length ? input.ids : [""]);
    await update.execute();
    const left = await tx
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("workspace_id", "=", ctx.workspace.id)
      .where("recipient_id", "=", memberId)
      .where("in_app", "=", 1)
      .where("read_at", "is", null)
      .executeTakeFirstOrThrow();
    return { unread: Number(left.count) };
  });
}
