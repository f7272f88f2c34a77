import { z } from "@hono/zod-openapi";
import { UpdateNotificationSettingsBody } from "../../../../packages/shared/src/bodies/notifications.js";
import { documented, idOf, listOf } from "../../platform/fields.js";
import { EMAIL_CHOICES, FOLLOW_REASONS, MEMBER_KINDS, NOTIFICATION_KINDS } from "./kinds.js";

// The wire shapes of following and notifications.

export const FollowerSchema = z
  .object({
    id: idOf(["usr", "mem"]).openapi({ description: "The end user (`usr_…`) or member (`mem_…`) following." }),
    type: z.enum(["user", "member"]),
    name: z.string().nullable(),
    reason: z
      .enum(FOLLOW_REASONS)
      .openapi({ description: "Why they follow: they posted, voted, commented, asked to, own it, were mentioned, or followed a post merged into it." }),
    createdAt: z.string(),
  })
  .openapi("Follower");
export const FollowerListSchema = listOf(FollowerSchema, "FollowerList");

export const AddFollowerSchema = z
  .strictObject({ userId: idOf("usr").openapi({ description: "The end user (`usr_…`) who follows from now on." }) })
  .openapi("AddFollower");

export const followerParams = z.object({
  id: idOf("post").openapi({ param: { name: "id", in: "path" }, description: "The post's id (`post_…`)." }),
  userId: idOf("usr").openapi({ param: { name: "userId", in: "path" }, description: "The follower's end-user id (`usr_…`)." }),
});

export const NotificationPreferencesSchema = z
  .object({
    email: z.enum(EMAIL_CHOICES).openapi({
      description: "`instant`: a mail per change, gathered over the workspace's window; a `daily` or `weekly` digest (09:00 UTC; weekly on Mondays); or `off`.",
    }),
    changelog: z.boolean().openapi({ description: "A mail for each new changelog entry." }),
    locale: z.string().nullable().openapi({
      description:
        "The language their mail speaks (a BCP 47 tag; its primary language when Heed speaks only that, `de-AT` as `de`); null, or a language Heed does not speak: the workspace's `portalLanguage`.",
    }),
  })
  .openapi("NotificationPreferences");

export const UpdateNotificationPreferencesSchema = z
  .strictObject({
    email: z.enum(EMAIL_CHOICES).optional(),
    changelog: z.boolean().optional(),
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "A language tag such as en or pt-BR.")
      .max(35)
      .nullable()
      .optional(),
  })
  .openapi("UpdateNotificationPreferences");

const mailState = z.enum(["sent", "waiting", "failed", "not_mailed", "mail_off"]).openapi({
  description:
    "`sent`; `waiting` (gathered over the window, a digest, or being retried); `failed`; `not_mailed` (their choice, or no address); `mail_off` (the server has no SMTP_URL).",
});

export const PostNotificationSchema = z
  .object({
    id: idOf("ntf"),
    recipient: z.object({ id: idOf(["usr", "mem"]), type: z.enum(["user", "member"]), name: z.string().nullable() }),
    kind: z.enum(NOTIFICATION_KINDS),
    createdAt: z.string(),
    mail: mailState,
    sentAt: z.string().nullable(),
  })
  .openapi("PostNotification");
export const PostNotificationListSchema = listOf(PostNotificationSchema, "PostNotificationList");

export const NotificationSchema = z
  .object({
    id: idOf("ntf"),
    kind: z.enum(NOTIFICATION_KINDS),
    postId: idOf("post").nullable(),
    title: z.string().openapi({ description: "What happened, in a sentence." }),
    excerpt: z.string().nullable().openapi({ description: "The words written, if any (a comment's start)." }),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi("Notification");
export const NotificationListSchema = z
  .object({
    data: z.array(NotificationSchema),
    nextCursor: z.string().nullable(),
    unread: z.number().int().openapi({ description: "Unread notifications in all." }),
  })
  .openapi("NotificationList");

export const NotificationListQuery = z.object({
  unread: z.enum(["true", "false"]).optional().openapi({ description: "Only unread (`true`) or only read (`false`) ones." }),
});

export const MarkReadSchema = z
  .strictObject({
    ids: z.array(idOf("ntf")).max(100).optional().openapi({ description: "These; or leave out and send `all: true`." }),
    all: z.literal(true).optional().openapi({ description: "Every unread notification." }),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { message: "Send `ids` or `all: true`, one of them." })
  .openapi("MarkNotificationsRead");

const channels = z.object({ inApp: z.boolean(), email: z.boolean() });

export const NotificationSettingsSchema = z
  .object({
    kinds: z.object(Object.fromEntries(MEMBER_KINDS.map((k) => [k, channels])) as Record<(typeof MEMBER_KINDS)[number], typeof channels>),
    boards: z.array(idOf("brd")).openapi({ description: "Boards whose new posts you hear of." }),
    mail: z.object({
      enabled: z.boolean().openapi({ description: "Whether this server sends mail (SMTP_URL); without it, notifications are in the dashboard only." }),
    }),
  })
  .openapi("NotificationSettings");

export const UpdateNotificationSettingsSchema = documented(UpdateNotificationSettingsBody, {
  boards: { description: "The boards to follow, replacing the list." },
}).openapi("UpdateNotificationSettings");
