import { startExports } from "../features/exports/index.js";
import { startImports } from "../features/imports/index.js";
import { startIntegrations } from "../features/integrations/index.js";
import type { Services } from "../platform/context.js";
import type { Config } from "../config.js";
import type { OpenedDatabase } from "../platform/db/database.js";
import { serverSecret } from "../platform/db/secrets.js";
import { startWebhookWorker } from "../features/webhooks/worker.js";
import { startNotificationWorker } from "../features/notifications/index.js";
import { startJobs } from "../jobs/index.js";
import { startDuplicateChecker } from "../features/posts/index.js";
import { startBulkJobs } from "../features/bulk/index.js";
import { createMailer } from "../platform/mail/mailer.js";
import { startFollowers } from "./followers.js";

/** What every verb uses, from the config and an open (migrated) database. */
export async function servicesOf(config: Config, { db, dialect }: OpenedDatabase): Promise<Services> {
  return {
    db,
    dialect,
    publicUrl: config.publicUrl,
    cursorSecret: await serverSecret(db, "cursor"),
    userTokenSecret: await serverSecret(db, "user-token"),
    notificationSecret: await serverSecret(db, "notifications"),
    userTokenTtlMs: config.userTokenTtlMs,
    idempotencyTtlMs: config.idempotencyTtlMs,
    webhooksAllowPrivate: config.webhooks.allowPrivate,
    mailer: config.mail ? createMailer(config.mail) : undefined,
    oidc: config.oidc,
    cannyBaseUrl: config.imports.cannyBaseUrl,
    importFileLimitBytes: config.imports.fileLimitBytes,
    integrations: config.integrations,
  };
}

/** The scheduled jobs, the outbox's followers (followers.ts), the webhook and notification workers, the duplicate checker, the bulk job and export runners: one set per server (the primary with WORKERS). */
export function startBackground(config: Config, services: Services, { pace }: { pace?: () => Promise<void> } = {}): () => Promise<void> {
  const stopJobs = startJobs(services, { schedulerIntervalMs: config.schedulerIntervalMs });
  const stopWebhooks = startWebhookWorker(services.db, config.webhooks);
  const stopNotifications = startNotificationWorker(services, { ...config.notifications, pace });
  const stopDuplicates = startDuplicateChecker(services);
  const stopBulkJobs = startBulkJobs(services);
  const stopExports = startExports(services);
  const stopImports = startImports(services);
  const stopIntegrations = startIntegrations(services, { pollMs: config.webhooks.pollMs, retryScale: config.webhooks.retryScale });
  const stopFollowers = startFollowers(config, services);
  return async () => {
    stopJobs();
    await Promise.all([
      stopFollowers(),
      stopWebhooks(),
      stopNotifications(),
      stopDuplicates(),
      stopBulkJobs(),
      stopExports(),
      stopImports(),
      stopIntegrations(),
    ]);
  };
}
