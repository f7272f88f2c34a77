import type { Services } from "../platform/context.js";
import type { Config } from "../config.js";
import type { OpenedDatabase } from "../platform/db/database.js";
import { serverSecret } from "../platform/db/secrets.js";
import { createMailer } from "../platform/mail/mailer.js";
import { startWorkers } from "./workers.js";

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

/** The background work (start/workers.ts): one set per server (the primary with WORKERS). */
export function startBackground(config: Config, services: Services, { pace }: { pace?: () => Promise<void> } = {}): () => Promise<void> {
  return startWorkers({ services, config, pace });
}
