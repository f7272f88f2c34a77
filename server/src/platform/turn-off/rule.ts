import type { ReceiverHealth } from "../db/schema.js";

// When Heed turns off what it sends to (a webhook endpoint, an integration), and how long what
// happens meanwhile is kept for it. The rule is the operator's (DISABLE_AFTER_FAILURES,
// DISABLE_AFTER_HOURS); the hold is fixed.

export interface TurnOffRule {
  /** This many attempts in a row failed… */
  afterFailures: number;
  /** …and the first of them is at least this old. */
  afterMs: number;
}

/** Quackback's count, and a day, as Stripe and Svix wait before they give up on a receiver. */
export const DEFAULT_TURN_OFF: TurnOffRule = { afterFailures: 50, afterMs: 24 * 3_600_000 };

/** Held deliveries older than this are not sent when the receiver is turned back on: they fail. */
export const HOLD_DAYS = 30;

export type TurnedOffReason = NonNullable<ReceiverHealth["disabled_reason"]>;

/** Why Heed turns a receiver off, as the audit row and the mail tell it. */
export interface TurnOff {
  reason: TurnedOffReason;
  error: string | null;
  /** Attempts in a row that failed, and when the first did. */
  failures: number;
  since: string;
}

/** The streak as a receiver starts it, or as turning it on again leaves it. */
export const FRESH_HEALTH: ReceiverHealth = { failure_count: 0, failing_since: null, disabled_reason: null, disabled_at: null, disabled_error: null };
