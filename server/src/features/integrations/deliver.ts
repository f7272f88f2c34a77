import type { Services, Tx } from "../../platform/context.js";
import type { IntegrationDeliveriesTable } from "../../platform/db/schema.js";
import { nowIso } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { deadLetter, retryDelay, retryLater, sendDue, succeeded, UNLEASED } from "../../platform/queue/index.js";
import { countAttempts, type Outcome as Counted, type TurnOffRule } from "../../platform/turn-off/index.js";
import { type LogLine, writeLog } from "./log.js";
import { recordSystemChange } from "../../platform/changes/record.js";
import { HeedError } from "../../platform/errors.js";
import { ProviderError } from "./providers/types.js";
import { integrationBackoff, integrationQueue } from "./queue.js";
import { NotFoundIssue, type Sent, sendDelivery } from "./send.js";

// Sends what is due, each delivery leased just before its send (platform/queue's sendDue) so that
// one process sends it: after the change committed, retried on a provider's 429, 5xx or timeout (waiting at least its Retry-After), given
// up after the last retry. At least once: a process killed between the provider's answer and the
// row's update sends that one again: Slack and GitHub take no idempotency key; a Linear issue or
// comment is created at most once, under an id derived from the delivery (providers/linear.ts).

export interface SendOptions {
  /** Multiplies the backoff's waits (tests shrink the schedule). */
  retryScale: number;
  /** Deliveries taken per pass. */
  batch?: number;
  /** When an integration that keeps failing is turned off (DISABLE_AFTER_*; the defaults when absent). */
  turnOff?: TurnOffRule | undefined;
}

/** A lease covers one send (its timeout) with room to spare: each delivery is leased just before its send. */
const LEASE_MS = 60_000;

export function sendDueDeliveries(services: Services, options: SendOptions): Promise<number> {
  return sendDue(
    services.db,
    integrationQueue,
    { due: (eb) => eb.and([eb("state", "=", "pending"), eb("next_attempt_at", "<=", nowIso())]), batch: options.batch ?? 20, leaseMs: LEASE_MS, claim: "each" },
    async () => (delivery: IntegrationDeliveriesTable) => attempt(services, delivery, options),
  );
}

async function attempt(services: Services, delivery: IntegrationDeliveriesTable, options: SendOptions): Promise<void> {
  const { db } = services;
  const base = { workspace_id: delivery.workspace_id, integration_id: delivery.integration_id, direction: "out" as const, kind: delivery.kind };
  const integration = await db.selectFrom("integrations").selectAll().where("id", "=", delivery.integration_id).executeTakeFirst();
  if (!integration) return;
  if (integration.enabled === 0 && integration.disabled_reason !== null) return hold(services, delivery);
  if (integration.enabled === 0) return finish(services, delivery, { failed: "The integration is disabled." }, base);
  const at = nowIso();
  const receiver = { kind: "integration" as const, id: integration.id, workspaceId: integration.workspace_id };
  // Every send counts towards the integration's run of failures (platform/turn-off), in the transaction that writes its end.
  const count = (tx: Tx, outcome: Omit<Counted, "at">) => countAttempts(tx, receiver, [{ ...outcome, at }], options.turnOff);
  let sent: Sent;
  try {
    sent = await sendDelivery(services, integration, delivery);
  } catch (error) {
    const wait =
      error instanceof ProviderError && error.options.retryable
        ? retryDelay(integrationBackoff(options.retryScale), delivery.attempts, error.options.retryAfterMs)
        : undefined;
    if (error instanceof ProviderError && wait !== undefined) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable("integration_deliveries")
          .set({ ...retryLater(integrationQueue, delivery.attempts, error.message, wait), updated_at: nowIso() })
          .where("id", "=", delivery.id)
          .execute();
        await writeLog(tx, {
          ...base,
          outcome: "retrying",
          summary: `${error.message} (retry in ${Math.ceil(wait / 1000)} s)`,
          http_status: error.options.status ?? null,
        });
        await count(tx, { ok: false, error: error.message });
      });
      return;
    }
    const known = error instanceof ProviderError || error instanceof NotFoundIssue || error instanceof HeedError;
    if (!known) log.warn("integration delivery failed unexpectedly", { error, delivery: delivery.id });
    const message = known ? (error as Error).message : "Heed could not send this (see the server's log).";
    return finish(services, delivery, { failed: message, status: error instanceof ProviderError ? error.options.status : undefined }, base, (tx) =>
      count(tx, { ok: false, error: message }),
    );
  }
  await finish(services, delivery, { sent }, base, (tx) => count(tx, { ok: true, error: null }));
}

/** A delivery taken while Heed has its integration turned off waits with the rest it holds. */
async function hold(services: Services, delivery: IntegrationDeliveriesTable): Promise<void> {
  await services.db
    .updateTable("integration_deliveries")
    .set({ state: "held", next_attempt_at: null, ...UNLEASED, updated_at: nowIso() })
    .where("id", "=", delivery.id)
    .execute();
}

type Outcome = { sent: Sent } | { failed: string; status?: number | undefined };

/** The delivery's end, its link's state, the log line and what else goes with them (`also`), in one transaction. */
async function finish(
  services: Services,
  delivery: IntegrationDeliveriesTable,
  outcome: Outcome,
  base: Omit<LogLine, "outcome" | "summary">,
  also?: (tx: Tx) => Promise<unknown>,
): Promise<void> {
  const at = nowIso();
  await services.db.transaction().execute(async (tx) => {
    const failed = "failed" in outcome;
    await tx
      .updateTable("integration_deliveries")
      .set({
        ...(failed ? deadLetter(integrationQueue, delivery.attempts, outcome.failed) : succeeded(integrationQueue, "sent", delivery.attempts)),
        next_attempt_at: null,
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
    await also?.(tx);
  });
}
