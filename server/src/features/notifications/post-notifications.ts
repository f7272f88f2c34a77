import type { z } from "@hono/zod-openapi";
import { reader, type Ctx } from "../../platform/context.js";
import { keysetPage } from "../../platform/pagination/keyset.js";
import type { Page, PageInput } from "../../platform/pagination/page.js";
import { requireScope } from "../../platform/scopes.js";
import { livePost } from "./followers.js";
import type { NotificationKind } from "./kinds.js";
import type { PostNotificationSchema } from "./schema.js";

// Who was told what about one post, and whether their mail went out: the evidence that the loop
// was closed, shown on the dashboard's post page.

export type PostNotificationView = z.output<typeof PostNotificationSchema>;

type MailSummary = PostNotificationView["mail"];

function mailOf(row: { mail_state: string; state: string | null }): MailSummary {
  if (row.mail_state === "none") return "not_mailed";
  if (row.mail_state === "off") return "mail_off";
  if (row.mail_state === "pending" || row.state === null || row.state === "pending") return "waiting";
  if (row.state === "sent") return "sent";
  if (row.state === "skipped") return "not_mailed";
  return "failed";
}

/** Newest first. Readable with posts:read: it names who follows, as the post's voters list does. */
export async function listPostNotifications({ ctx, input }: { ctx: Ctx; input: PageInput & { postId: string } }): Promise<Page<PostNotificationView>> {
  requireScope(ctx.actor.scopes, "posts:read");
  const db = reader(ctx);
  const post = await livePost(db, ctx, input.postId);
  return keysetPage(ctx, {
    key: `post-notifications:${ctx.workspace.id}:${post.id}`,
    input,
    query: db
      .selectFrom("notifications as n")
      .leftJoin("notification_mails as nm", "nm.id", "n.mail_id")
      .leftJoin("users as u", (join) => join.onRef("u.id", "=", "n.recipient_id").on("u.workspace_id", "=", ctx.workspace.id))
      .leftJoin("members as m", (join) => join.onRef("m.id", "=", "n.recipient_id").on("m.workspace_id", "=", ctx.workspace.id))
      .select(["n.id", "n.recipient_id", "n.kind", "n.created_at", "n.mail_state", "nm.state", "nm.sent_at", "u.name as user_name", "m.name as member_name"])
      .where("n.workspace_id", "=", ctx.workspace.id)
      .where("n.post_id", "=", post.id),
    order: { by: ["n.id"], kinds: ["string"], direction: "desc" },
    shape: (rows) =>
      rows.map((r) => {
        const member = r.recipient_id.startsWith("mem_");
        return {
          id: r.id,
          recipient: { id: r.recipient_id, type: member ? ("member" as const) : ("user" as const), name: (member ? r.member_name : r.user_name) ?? null },
          kind: r.kind as NotificationKind,
          createdAt: r.created_at,
          mail: mailOf(r),
          sentAt: r.sent_at ?? null,
        };
      }),
  });
}
