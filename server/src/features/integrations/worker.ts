import type { Services } from "../../platform/context.js";
import { isoAt, nowMs } from "../../platform/lib/clock.js";
import { log } from "../../platform/lib/log.js";
import { drainFor, everyPoll } from "../../platform/lib/poll.js";
import { type SendOptions, sendDueDeliveries } from "./deliver.js";
import { followOnce } from "../../platform/changes/follow.js";
import { integrationsFollower } from "./fanout.js";
import { LOG_DAYS } from "./log.js";

// The integrations' worker in every server process: send what is due (their follower of the
// outbox, fanout.ts, queues it), and once an hour forget old log lines, receipts and finished deliveries.

const DAY_MS = 86_400_000;
const RECEIPT_DAYS = 90;

/** Sends what is due until nothing is left or `budgetMs` has passed. */
function sendPass(services: Services, options: SendOptions, budgetMs = 5_000): Promise<void> {
  return drainFor(budgetMs, () => sendDueDeliveries(services, options));
}

/** The outbox's events queued (the follower run by start/followers.ts in the background), then sent. */
export async function integrationsPass(services: Services, options: SendOptions, budgetMs = 5_000): Promise<void> {
  await drainFor(budgetMs, () => followOnce(services, integrationsFollower));
  await sendPass(services, options, budgetMs);
}

export async function purgeIntegrationHistory(services: Services): Promise<void> {
  const before = isoAt(nowMs() - LOG_DAYS * DAY_MS);
  await services.db.deleteFrom("integration_log").where("created_at", "<", before).execute();
  // Receipts outlive the log: a delivery replayed within 90 days is still known as taken (GitHub's
  // deliveries carry no timestamp to refuse an old one by).
  await services.db
    .deleteFrom("integration_receipts")
    .where("received_at", "<", isoAt(nowMs() - RECEIPT_DAYS * DAY_MS))
    .execute();
  await services.db.deleteFrom("integration_deliveries").where("state", "in", ["sent", "failed"]).where("updated_at", "<", before).execute();
}

export function startIntegrations(services: Services, options: { pollMs: number; retryScale?: number }): () => Promise<void> {
  let lastPurge = 0;
  return everyPoll(options.pollMs, async () => {
    try {
      await sendPass(services, { retryScale: options.retryScale ?? 1 });
      if (nowMs() - lastPurge > 3_600_000) {
        lastPurge = nowMs();
        await purgeIntegrationHistory(services);
      }
    } catch (error) {
      log.warn("integrations pass failed", { error });
    }
  });
}
