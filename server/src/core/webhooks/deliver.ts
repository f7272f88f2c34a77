import { isoAt, nowIso, nowMs } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { Db } from "../../db/database.js";
import { signatureHeader } from "./sign.js";
import { sendWebhook } from "./send.js";

/** Waits before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery fails. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Multiplies RETRY_DELAYS_MS (tests shrink the schedule; production keeps 1). */
  retryScale: number;
}

export const USER_AGENT = "Heed-Webhooks/1.0";

/**
 * Starts sending each endpoint's oldest due delivery and returns the sends under way. Endpoints
 * are served side by side: a slow one (up to the 15 s timeout) holds up only itself, because the
 * worker does not wait for a pass's sends before starting the next pass, and skips endpoints in
 * `busy` (sends still under way in this process). Events reach an endpoint in the order they
 * happened. A delivery is claimed with a lease before it is sent, so one of any number of
 * processes sends it.
 */
export async function startDueDeliveries(db: Db, options: DeliveryOptions, busy: Set<string>): Promise<Promise<boolean>[]> {
  const heads = await db
    .selectFrom("webhook_deliveries")
    .select((eb) => ["endpoint_id", eb.fn.min("id").as("id")])
    .where("state", "=", "pending")
    .groupBy("endpoint_id")
    .execute();
  const candidates = heads.filter((h) => !busy.has(h.endpoint_id));
  if (candidates.length === 0) return [];
  const now = nowIso();
  const due = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select(["d.id", "d.event_id", "d.payload", "d.attempts", "d.endpoint_id", "e.url", "e.secret", "e.previous_secret", "e.previous_secret_expires_at"])
    .where("d.id", "in", candidates.map((h) => String(h.id)))
    .where("e.enabled", "=", 1)
    .where("d.next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("d.locked_until", "is", null), eb("d.locked_until", "<", now)]))
    .execute();
  return due.map((delivery) => {
    busy.add(delivery.endpoint_id);
    return attempt(db, delivery, options).finally(() => busy.delete(delivery.endpoint_id));
  });
}

/** One pass that waits for its sends (tests, benchmarks); the worker uses startDueDeliveries. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<number> {
  const sent = await Promise.all(await startDueDeliveries(db, options, new Set()));
  return sent.filter(Boolean).length;
}

type Due = {
  id: string;
  event_id: string;
  payload: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
};

async function attempt(db: Db, delivery: Due, options: DeliveryOptions): Promise<boolean> {
  const now = nowIso();
  // Longer than the request may take; a process killed mid-send frees the delivery when it ends.
  const lease = isoAt(nowMs() + options.timeoutMs + 5_000);
  const claimed = await db
    .updateTable("webhook_deliveries")
    .set({ locked_until: lease })
    .where("id", "=", delivery.id)
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;

  const timestamp = new Date(nowMs());
  const secrets = [delivery.secret];
  if (delivery.previous_secret && delivery.previous_secret_expires_at && delivery.previous_secret_expires_at > now) secrets.push(delivery.previous_secret);
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.event_id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signatureHeader(secrets, delivery.event_id, timestamp, delivery.payload),
  };
  const started = Date.now();
  const result = await sendWebhook(delivery.url, headers, delivery.payload, options);
  const duration = Date.now() - started;
  const attemptNumber = delivery.attempts + 1;
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  const gone = result.status === 410;
  const delay = RETRY_DELAYS_MS[attemptNumber - 1];
  const retry = !ok && !gone && delay !== undefined;
  // ±10 % jitter, so that many deliveries that failed together do not retry together.
  const nextAt = retry ? isoAt(nowMs() + delay! * options.retryScale * (0.9 + Math.random() * 0.2)) : null;

  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto("webhook_attempts")
      .values({ id: newId("webhookAttempt"), delivery_id: delivery.id, attempt: attemptNumber, started_at: timestamp.toISOString(), status: result.status, duration_ms: duration, response_excerpt: result.excerpt, error: result.error })
      .execute();
    await tx
      .updateTable("webhook_deliveries")
      .set({
        state: ok ? "succeeded" : retry ? "pending" : "failed",
        attempts: attemptNumber,
        next_attempt_at: nextAt,
        locked_until: null,
        last_status: result.status,
        last_error: result.error ?? (ok ? null : `HTTP ${result.status}`),
        last_duration_ms: duration,
        last_response_excerpt: result.excerpt,
        updated_at: nowIso(),
      })
      .where("id", "=", delivery.id)
      .execute();
    // 410 Gone: the receiver says this endpoint no longer exists.
    if (gone) await tx.updateTable("webhook_endpoints").set({ enabled: 0, updated_at: nowIso() }).where("id", "=", delivery.endpoint_id).execute();
  });
  return true;
}
