import type { EmailNotifications } from "../../platform/db/schema.js";
import { DAY_MS } from "../../platform/lib/clock.js";

// When a notification's mail may go. Single mails wait out the window so that what happens in it
// is gathered into one mail; digests go at 09:00 UTC, daily or on Mondays (Heed knows no end
// user's time zone; the hour is the same for everyone, and documented).

export const DIGEST_HOUR_UTC = 9;

/** The next digest time strictly after `fromMs`: daily, or weekly on Monday. */
export function nextDigestAt(fromMs: number, every: "daily" | "weekly"): number {
  const day = new Date(fromMs);
  let at = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), DIGEST_HOUR_UTC);
  if (at <= fromMs) at += DAY_MS;
  if (every === "weekly") {
    // getUTCDay: Sunday 0, Monday 1.
    while (new Date(at).getUTCDay() !== 1) at += DAY_MS;
  }
  return at;
}

/** When the mail of a notification made at `createdMs` is due, for someone with this choice. */
export function mailDueAt(createdMs: number, choice: EmailNotifications, windowSeconds: number): number {
  if (choice === "daily" || choice === "weekly") return nextDigestAt(createdMs, choice);
  return createdMs + windowSeconds * 1000;
}
