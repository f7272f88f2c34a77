import { isoAt, nowIso, nowMs } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import type { Db } from "../../db/database.js";
import { signatureHeader } from "./sign.js";
import { sendWebhook } from "./send.js";

/** Waits before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery fails. */
const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Multiplies RETRY_DELAYS_MS (tests shrink the schedule; production keeps 1). */
  retryScale: number;
}

const USER_AGENT = "Heed-Webhooks/1.0";

/**
 * The endpoints, among those not in `busy`, whose oldest pending delivery is due. Only the
 * endpoint is needed: its lane reads the run itself (nextRun), so the delivery is not loaded here.
 */
async function dueEndpoints(db: Db, busy: Set<string>): Promise<string[]> {
  const heads = (
    await db
      .selectFrom("webhook_deliveries")
      .select((eb) => ["endpoint_id", eb.fn.min("id").as("id")])
      .where("state", "=", "pending")
      .groupBy("endpoint_id")
      .execute()
  ).filter((h) => !busy.has(h.endpoint_id));
  if (heads.length === 0) return [];
  const now = nowIso();
  const due = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select("d.endpoint_id")
    .where(
      "d.id",
      "in",
      heads.map((h) => String(h.id)),
    )
    .where("e.enabled", "=", 1)
    .where("d.next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("d.locked_until", "is", null), eb("d.locked_until", "<", now)]))
    .execute();
  return due.map((d) => d.endpoint_id);
}

const LANE_BATCH = 50;

/**
 * The endpoint's next due deliveries in event order, read in one query: the unbroken run of
 * pending deliveries from its oldest one that are due and not leased elsewhere.
 */
async function nextRun(db: Db, endpointId: string): Promise<Due[]> {
  const now = nowIso();
  const next = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.event_id",
      "d.payload",
      "d.attempts",
      "d.endpoint_id",
      "d.next_attempt_at",
      "d.locked_until",
      "e.url",
      "e.secret",
      "e.previous_secret",
      "e.previous_secret_expires_at",
      "e.enabled",
    ])
    .where("d.endpoint_id", "=", endpointId)
    .where("d.state", "=", "pending")
    .orderBy("d.id")
    .limit(LANE_BATCH)
    .execute();
  const run: Due[] = [];
  for (const d of next) {
    if (d.enabled !== 1 || (d.next_attempt_at ?? now) > now || (d.locked_until !== null && d.locked_until >= now)) break;
    run.push(d);
  }
  return run;
}

/**
 * Leases one delivery for the length of one send, so a killed process frees it soon. The lease is
 * taken only while the endpoint is as the run read it (enabled, same URL and secret): a run lasts
 * up to 50 sends of 15 s, and an endpoint disabled, moved or rotated meanwhile ends the run, so the
 * next one reads it afresh.
 */
async function claim(db: Db, delivery: Due, options: DeliveryOptions): Promise<boolean> {
  const now = nowIso();
  const claimed = await db
    .updateTable("webhook_deliveries")
    .set({ locked_until: isoAt(nowMs() + options.timeoutMs + 5_000) })
    .where("id", "=", delivery.id)
    .where("state", "=", "pending")
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("webhook_endpoints")
          .select("id")
          .where("id", "=", delivery.endpoint_id)
          .where("enabled", "=", 1)
          .where("url", "=", delivery.url)
          .where("secret", "=", delivery.secret),
      ),
    )
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Starts a lane for every endpoint that has a due delivery and no lane in this process (`busy`).
 * A lane reads the endpoint's next run of due deliveries and sends them one after the other, each
 * claimed just before its send, then the next run, until none is due: events reach an endpoint in
 * the order they happened, at the speed it answers. A failed send ends the lane (later deliveries
 * wait behind it). Endpoints are served side by side, so a slow one (up to the 15 s timeout)
 * holds up only itself.
 */
export async function startDueDeliveries(db: Db, options: DeliveryOptions, busy: Set<string>): Promise<Promise<number>[]> {
  const endpoints = await dueEndpoints(db, busy);
  return endpoints.map((endpointId) => {
    busy.add(endpointId);
    const lane = async () => {
      let sent = 0;
      for (;;) {
        const run = await nextRun(db, endpointId);
        if (run.length === 0) return sent;
        for (const delivery of run) {
          // Another process got there first, or the send failed: later deliveries wait their turn.
          if (!(await claim(db, delivery, options))) return sent;
          sent++;
          if (!(await attempt(db, delivery, options))) return sent;
        }
      }
    };
    return lane().finally(() => busy.delete(endpointId));
  });
}

/** One pass that waits for its sends (tests, benchmarks); the worker uses startDueDeliveries. */
export async function deliverDue(db: Db, options: DeliveryOptions): Promise<number> {
  const sent = await Promise.all(await startDueDeliveries(db, options, new Set()));
  return sent.reduce((a, b) => a + b, 0);
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

/** Sends one claimed delivery and records the attempt; true when the receiver answered 2xx. */
async function attempt(db: Db, delivery: Due, options: DeliveryOptions): Promise<boolean> {
  const now = nowIso();
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
      .values({
        id: newId("webhookAttempt"),
        delivery_id: delivery.id,
        attempt: attemptNumber,
        started_at: timestamp.toISOString(),
        status: result.status,
        duration_ms: duration,
        response_excerpt: result.excerpt,
        error: result.error,
      })
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
  return ok;
}
