import { nowIso, nowMs } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import type { Db } from "../../platform/db/database.js";
import type { WebhookAttemptsTable } from "../../platform/db/schema.js";
import { retryAt, UNLEASED } from "../../platform/queue/index.js";
import { countAttempts, type TurnOffRule } from "../../platform/turn-off/index.js";
import { webhookBackoff } from "./queue.js";
import { sendWebhook } from "./send.js";
import { signatureHeader } from "./sign.js";

const USER_AGENT = "Heed-Webhooks/1.0";

export interface DeliveryOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** Multiplies the backoff's waits (tests shrink the schedule; production keeps 1). */
  retryScale: number;
  /** When an endpoint that keeps failing is turned off (DISABLE_AFTER_*; the defaults when absent). */
  turnOff?: TurnOffRule | undefined;
}

/** A delivery due to be sent, with what its endpoint needs to sign it. */
export type Due = {
  id: string;
  workspace_id: string;
  event_id: string;
  payload: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
};

/** What one send did, to be written (recordAttempts) with others of its lane. */
export interface Attempt {
  delivery: Due;
  row: WebhookAttemptsTable;
  ok: boolean;
  /** 410 Gone: the receiver says this endpoint no longer exists. */
  gone: boolean;
  state: "succeeded" | "pending" | "failed";
  nextAt: string | null;
  error: string | null;
}

/** Sends one delivery, signed with the endpoint's secret (and the previous one while it lasts). */
export async function send(delivery: Due, options: DeliveryOptions): Promise<Attempt> {
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
  const nextAt = ok || gone ? undefined : retryAt(webhookBackoff(options.retryScale), delivery.attempts);
  const retry = nextAt !== undefined;
  return {
    delivery,
    ok,
    gone,
    state: ok ? "succeeded" : retry ? "pending" : "failed",
    nextAt: nextAt ?? null,
    error: result.error ?? (ok ? null : `HTTP ${result.status}`),
    row: {
      id: newId("webhookAttempt"),
      delivery_id: delivery.id,
      attempt: attemptNumber,
      started_at: timestamp.toISOString(),
      status: result.status,
      duration_ms: duration,
      response_excerpt: result.excerpt,
      error: result.error,
    },
  };
}

/**
 * Writes the attempts of a lane in one transaction: each delivery's new state (which also frees its
 * lease), the attempt rows, and the endpoint's run of failures, which turns it off when it has
 * failed long enough or answered 410 (platform/turn-off). An endpoint deleted while
 * its lane was sending took its deliveries with it: their attempts are not written. The deliveries
 * are updated first so that the update, which locks each row, tells which still exist (a delete
 * that comes after waits for this transaction, and its cascade takes the new attempts too).
 */
export async function recordAttempts(db: Db, attempts: Attempt[], rule?: TurnOffRule): Promise<void> {
  if (attempts.length === 0) return;
  await db.transaction().execute(async (tx) => {
    const written: Attempt[] = [];
    for (const a of attempts) {
      const updated = await tx
        .updateTable("webhook_deliveries")
        .set({
          state: a.state,
          attempts: a.row.attempt,
          next_attempt_at: a.nextAt,
          ...UNLEASED,
          last_status: a.row.status,
          last_error: a.error,
          last_duration_ms: a.row.duration_ms,
          last_response_excerpt: a.row.response_excerpt,
          updated_at: nowIso(),
        })
        .where("id", "=", a.delivery.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) continue;
      written.push(a);
    }
    if (written.length === 0) return;
    await tx
      .insertInto("webhook_attempts")
      .values(written.map((a) => a.row))
      .execute();
    // A lane sends to one endpoint; the attempts are grouped all the same.
    for (const endpointId of new Set(written.map((a) => a.delivery.endpoint_id))) {
      const mine = written.filter((a) => a.delivery.endpoint_id === endpointId);
      const receiver = { kind: "webhook_endpoint" as const, id: endpointId, workspaceId: mine[0]!.delivery.workspace_id };
      await countAttempts(
        tx,
        receiver,
        mine.map((a) => ({ ok: a.ok, at: a.row.started_at, error: a.error, gone: a.gone })),
        rule,
      );
    }
  });
}
