import type { Services } from "../../platform/context.js";
import type { IntegrationDeliveriesTable } from "../../platform/db/schema.js";
import { isoAt, nowIso, nowMs } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { type LogLine, writeLog } from "./log.js";
import { recordSystemChange } from "../../platform/changes/record.js";
import { HeedError } from "../../platform/errors.js";
import { ProviderError } from "./providers/types.js";
import { NotFoundIssue, type Sent, sendDelivery } from "./send.js";

// Sends what is due, each delivery leased first so that one process sends it: after the change
// committed, retried on a provider's 429, 5xx or timeout (waiting at least its Retry-After), given
// up after the last retry. At least once: a process killed between the provider's answer and the
// row's update sends that one again: Slack and GitHub take no idempotency key; a Linear issue or
// comment is created at most once, under an id derived from the delivery (providers/linear.ts).

/** Waits before each retry: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h; then the delivery fails. */
const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];

export interface SendOptions {
  /** Multiplies RETRY_DELAYS_MS (tests shrink the schedule). */
  retryScale: number;
  /** Deliveries taken per pass. */
  batch?: number;
}

/** A lease covers one send (its timeout) with room to spare. */
const LEASE_MS = 60_000;

export async function sendDueDeliveries(services: Services, options: SendOptions): Promise<number> {
  const { db } = services;
  const now = nowIso();
  const due = await db
    .selectFrom("integration_deliveries")
    .select("id")
    .where("state", "=", "pending")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)]))
    .orderBy("next_attempt_at")
    .limit(options.batch ?? 20)
    .execute();
  let sent = 0;
  for (const { id } of due) {
    const lease = isoAt(nowMs() + LEASE_MS);
    const taken = await db
      .updateTable("integration_deliveries")
      .set({ locked_until: lease })
      .where("id", "=", id)
      .where("state", "=", "pending")
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso())]))
      .returningAll()
      .executeTakeFirst();
    if (!taken) continue;
    await attempt(services, taken, options);
    sent++;
  }
  return sent;
}

async function attempt(services: Services, delivery: IntegrationDeliveriesTable, options: SendOptions): Promise<void> {
  const { db } = services;
  const base = { workspace_id: delivery.workspace_id, integration_id: delivery.integration_id, direction: "out" as const, kind: delivery.kind };
  const integration = await db.selectFrom("integrations").selectAll().where("id", "=", delivery.integration_id).executeTakeFirst();
  if (!integration) return;
  if (integration.enabled === 0) return finish(services, delivery, { failed: "The integration is disabled." }, base);
  let sent: Sent;
  try {
    sent = await sendDelivery(services, integration, delivery);
  } catch (error) {
    if (error instanceof ProviderError && error.options.retryable && delivery.attempts < RETRY_DELAYS_MS.length) {
      const wait = Math.max(error.options.retryAfterMs ?? 0, RETRY_DELAYS_MS[delivery.attempts]! * options.retryScale);
      await db
        .updateTable("integration_deliveries")
        .set({ attempts: delivery.attempts + 1, next_attempt_at: isoAt(nowMs() + wait), locked_until: null, last_error: error.message, updated_at: nowIso() })
        .where("id", "=", delivery.id)
        .execute();
      await writeLog(db, {
        ...base,
        outcome: "retrying",
        summary: `${error.message} (retry in ${Math.ceil(wait / 1000)} s)`,
        http_status: error.options.status ?? null,
      });
      return;
    }
    const known = error instanceof ProviderError || error instanceof NotFoundIssue || error instanceof HeedError;
    if (!known) log.warn("integration delivery failed unexpectedly", { error, delivery: delivery.id });
    const message = known ? (error as Error).message : "Heed could not send this (see the server's log).";
    return finish(services, delivery, { failed: message, status: error instanceof ProviderError ? error.options.status : undefined }, base);
  }
  await finish(services, delivery, { sent }, base);
}

type Outcome = { sent: Sent } | { failed: string; status?: number | undefined };

/** The delivery's end, its link's state and the log line, in one transaction. */
async function finish(services: Services, delivery: IntegrationDeliveriesTable, outcome: Outcome, base: Omit<LogLine, "outcome" | "summary">): Promise<void> {
  const at = nowIso();
  await services.db.transaction().execute(async (tx) => {
    const failed = "failed" in outcome;
    await tx
      .updateTable("integration_deliveries")
      .set({
        state: failed ? "failed" : "sent",
        attempts: delivery.attempts + 1,
        locked_until: null,
        next_attempt_at: null,
        last_error: failed ? outcome.failed : null,
        updated_at: at,
      })
      .where("id", "=", delivery.id)
      .execute();
    if (delivery.link_id && (delivery.kind === "create_issue" || delivery.kind === "find_issue")) {
      const issue = failed ? undefined : outcome.sent.issue;
      await tx
        .updateTable("integration_links")
        .set(
          issue
            ? {
                state: "linked",
                issue_id: issue.id,
                issue_key: issue.key,
                issue_url: issue.url,
                issue_title: issue.title,
                issue_state: issue.state,
                error: null,
                updated_at: at,
              }
            : { state: "failed", error: failed ? outcome.failed : "No issue came back.", updated_at: at },
        )
        .where("id", "=", delivery.link_id)
        .execute();
      // The post's links are part of what its page shows: kept answers of the workspace are made anew.
      await recordSystemChange(tx, delivery.workspace_id);
    }
    if (!failed && outcome.sent.account)
      await tx.updateTable("integrations").set({ account: outcome.sent.account }).where("id", "=", delivery.integration_id).execute();
    await writeLog(tx, {
      ...base,
      outcome: failed ? "failed" : "sent",
      summary: failed ? outcome.failed : outcome.sent.summary,
      http_status: failed ? (outcome.status ?? null) : null,
    });
  });
}
