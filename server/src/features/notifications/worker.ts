import type { Services } from "../../platform/context.js";
import { drainFor, type Pass, release } from "../../platform/queue/index.js";
import { followOnce } from "../../platform/changes/follow.js";
import { fanOutNotificationEvents } from "./fanout.js";
import { notificationsFollower } from "./follower.js";
import { gatherDueMails } from "./gather.js";
import { mailQueue } from "./queue.js";
import { type SendOptions, sendDueMails } from "./send.js";

export interface NotificationOptions extends SendOptions {
  /** NOTIFICATION_WINDOW_SECONDS. */
  windowSeconds: number;
  pollMs: number;
}

/**
 * Mail left queued by a run that had SMTP_URL, found by a run without it, is dropped (`off`), not
 * held: news sent days later, once SMTP is set again, would be wrong. Once, at start.
 */
export async function dropQueuedMail(services: Services): Promise<void> {
  const { db } = services;
  const queued = await db.selectFrom("notifications").select("id").where("mail_state", "=", "pending").limit(1).execute();
  if (queued.length === 0) return;
  await db.updateTable("notifications").set({ mail_state: "off", due_at: null }).where("mail_state", "=", "pending").execute();
  await release(db, mailQueue, (eb) => eb("state", "=", "pending"), { state: "skipped" });
}

/**
 * The notification worker's pass: fan new notification events out, gather what is due into mails,
 * send them; each step until it finds nothing more or the pass has run `budgetMs`. Each step reads
 * before it writes, so an idle pass writes nothing. The events come from the notifications'
 * follower of the outbox (follower.ts), which runs beside the other followers (start/followers.ts).
 */
export async function notificationMailPass(services: Services, options: NotificationOptions, budgetMs = 5_000, run?: Pass): Promise<void> {
  const until = Date.now() + budgetMs;
  const more = () => Date.now() < until && !run?.stopping();
  const mailOn = services.mailer !== undefined;
  while ((await fanOutNotificationEvents(services.db, { windowSeconds: options.windowSeconds, mailOn })) > 0 && more()) {
    // drain a burst of changes first
  }
  if (!mailOn) return;
  while ((await gatherDueMails(services.db)) > 0 && more()) {
    // every person due gets their mail made before sending starts
  }
  while ((await sendDueMails(services, options)) > 0 && more()) {
    // send while there is more
  }
}

/** What one background round does, at once: the outbox's changes read by the follower, then told and mailed. */
export async function notificationPass(services: Services, options: NotificationOptions, budgetMs = 5_000, run?: Pass): Promise<void> {
  await drainFor(budgetMs, () => followOnce(services, notificationsFollower), run);
  await notificationMailPass(services, options, budgetMs, run);
}
