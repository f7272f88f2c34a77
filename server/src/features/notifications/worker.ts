import type { Services } from "../../platform/context.js";
import { log } from "../../platform/lib/log.js";
import { everyPoll } from "../../platform/lib/poll.js";
import { followOnce } from "../../platform/changes/follow.js";
import { fanOutNotificationEvents } from "./fanout.js";
import { notificationsFollower } from "./follower.js";
import { gatherDueMails } from "./gather.js";
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
  await db.updateTable("notification_mails").set({ state: "skipped", locked_until: null }).where("state", "=", "pending").execute();
}

/**
 * One pass: read the changes the outbox has for notifications (the follower also runs beside the
 * others, start/followers.ts; its cursor keeps each change to one reader), fan new events out, gather what is due into mails, send them; each step until it finds
 * nothing more or the pass has run `budgetMs`. Each step reads before it writes, so an idle pass
 * writes nothing.
 */
export async function notificationPass(services: Services, options: NotificationOptions, budgetMs = 5_000): Promise<void> {
  const until = Date.now() + budgetMs;
  const mailOn = services.mailer !== undefined;
  while ((await followOnce(services, notificationsFollower)) > 0 && Date.now() < until) {
    // every change committed before the pass is told
  }
  while ((await fanOutNotificationEvents(services.db, { windowSeconds: options.windowSeconds, mailOn })) > 0 && Date.now() < until) {
    // drain a burst of changes first
  }
  if (!mailOn) return;
  while ((await gatherDueMails(services.db)) > 0 && Date.now() < until) {
    // every person due gets their mail made before sending starts
  }
  while ((await sendDueMails(services, options)) > 0 && Date.now() < until) {
    // send while there is more
  }
}

/** The notification worker in every server process; across processes the database's claims keep each step to one. */
export function startNotificationWorker(services: Services, options: NotificationOptions): () => Promise<void> {
  const first = services.mailer ? null : dropQueuedMail(services).catch((error) => log.warn("dropping queued mail failed", { error }));
  return everyPoll(options.pollMs, () => notificationPass(services, options).catch((error) => log.warn("notification pass failed", { error })), first);
}
