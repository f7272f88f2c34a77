import type { Services } from "../../platform/context.js";
import { isoAt, nowMs } from "../../platform/lib/clock.js";
import { drainFor, type Pass } from "../../platform/queue/index.js";
import { type SendOptions, sendDueDeliveries } from "./deliver.js";
import { followOnce } from "../../platform/changes/follow.js";
import { integrationsFollower } from "./fanout.js";
import { LOG_DAYS } from "./log.js";

// The integrations' worker in every server process: send what is due (their follower of the
// outbox, fanout.ts, queues it); and the hourly job that forgets old log lines, receipts and
// finished deliveries.

const DAY_MS = 86_400_000;
const RECEIPT_DAYS = 90;

/** Sends what is due until nothing is left, `budgetMs` has passed or the runner stops (the background worker's pass). */
export function integrationsSendPass(services: Services, options: SendOptions, budgetMs = 5_000, run?: Pass): Promise<void> {
  return drainFor(budgetMs, () => sendDueDeliveries(services, options), run);
}

/** The outbox's events queued by the integrations' follower, then sent: what one background round does, at once. */
export async function integrationsPass(services: Services, options: SendOptions, budgetMs = 5_000, run?: Pass): Promise<void> {
  await drainFor(budgetMs, () => followOnce(services, integrationsFollower), run);
  await integrationsSendPass(services, options, budgetMs, run);
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
