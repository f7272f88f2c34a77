import { type Backoff, sendQueue } from "../../platform/queue/index.js";

/** Mails wait pending until sent (or skipped); one that failed for good keeps the server's answer. */
export const mailQueue = sendQueue("notification mails", "notification_mails", "error");

/** Waits after each failed try: 1 min, 5 min, 30 min, 2 h, 6 h; after the last, the mail is `failed`. */
export const MAIL_BACKOFF: Backoff = { delaysMs: [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] };
