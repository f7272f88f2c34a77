import type { Config } from "../config.js";
import { bulkJobPass, bulkJobQueue } from "../features/bulk/index.js";
import { publishDueEntries } from "../features/changelog/publish.js";
import { purgeUsedJwtIds } from "../features/customers/jwt-ids.js";
import { exportPass, exportQueue, purgeExpiredExports } from "../features/exports/index.js";
import { importPass, importQueue, purgeExpiredUploads } from "../features/imports/index.js";
import { integrationQueue, integrationsSendPass, purgeIntegrationHistory } from "../features/integrations/index.js";
import { dropQueuedMail, mailQueue, notificationMailPass } from "../features/notifications/index.js";
import { DUPLICATES_POLL_MS, duplicateChecksPass } from "../features/posts/index.js";
import { refreshTrending } from "../features/posts/trending.js";
import { webhookPass, webhookQueue } from "../features/webhooks/index.js";
import { purgeEndedPortalSessions } from "../http/credentials/portal-sessions.js";
import { purgeExpiredKeys } from "../http/idempotency/store.js";
import type { Services } from "../platform/context.js";
import { optimizeStatistics } from "../platform/db/maintenance.js";
import { scheduledBackupPass } from "../platform/backups/index.js";
import { type Db, sqliteFileOf } from "../platform/db/database.js";
import { nowMs } from "../platform/lib/clock.js";
import { log } from "../platform/lib/log.js";
import { drainFor, type Pass, type Queue, type QueueFigures, queueFigures, startRunner } from "../platform/queue/index.js";
import { memberMailQueue, sendMemberMails } from "../platform/mail/member-mails.js";
import { expireHeld, HOLD_DAYS } from "../platform/turn-off/index.js";
import { followPass } from "../platform/changes/following.js";
import { FOLLOWERS } from "./followers.js";

// Every piece of background work, with how often it runs: the workers that drain a queue and the
// timers (periodic jobs). One set runs per server (the primary with WORKERS), on the background
// thread; each runs a pass at a time and drains on stop (platform/queue/runner.ts). The timers' jobs
// are idempotent, so several instances on one PostgreSQL may run them at the same time without harm.

const MINUTE = 60_000;

/** What a pass may use: the services, the configuration, and the pace of mail beside serving. */
export interface Background {
  services: Services;
  config: Pick<Config, "webhooks" | "notifications" | "schedulerIntervalMs" | "backups" | "databaseUrl">;
  /** Waits, before each mail, while the server is busy serving requests (platform/lib/pace.ts). */
  pace?: (() => Promise<void>) | undefined;
}

interface Entry {
  name: string;
  /** How often a pass starts (a pass still running then is not started twice). */
  everyMs: (config: Background["config"]) => number;
  /** A timer's first pass, sooner than its interval. */
  firstAfterMs?: (config: Background["config"]) => number;
  /** The pass, made once at start (a worker may keep state between passes). */
  pass: (background: Background) => (run: Pass) => Promise<void>;
  /** Work done once at start, before the first pass. */
  first?: (background: Background) => Promise<void>;
}

/** Logs how many rows a purge or refresh removed or changed, when any did. */
function told(message: string, what: string, count: number): void {
  if (count > 0) log.info(message, { [what]: count });
}

async function refreshAllTrending(services: Services): Promise<void> {
  const workspaces = await services.db.selectFrom("workspaces").select("id").execute();
  let changed = 0;
  for (const workspace of workspaces) changed += await refreshTrending(services.db, workspace.id, nowMs());
  told("trending counts refreshed", "posts", changed);
}

/** The workers: each drains its queue every interval. */
export const WORKERS: Entry[] = [
  {
    name: "webhook worker",
    everyMs: (config) => config.webhooks.pollMs,
    pass: ({ services, config }) => webhookPass(services.db, config.webhooks),
  },
  {
    name: "notification",
    everyMs: (config) => config.notifications.pollMs,
    pass:
      ({ services, config, pace }) =>
      (run) =>
        notificationMailPass(services, { ...config.notifications, pace }, undefined, run),
    // Mail left queued while SMTP is now off is dropped, once, at start.
    first: ({ services }) => (services.mailer ? Promise.resolve() : dropQueuedMail(services)),
  },
  {
    name: "integrations",
    everyMs: (config) => config.webhooks.pollMs,
    pass:
      ({ services, config }) =>
      (run) =>
        integrationsSendPass(services, { retryScale: config.webhooks.retryScale, turnOff: config.webhooks.turnOff }, undefined, run),
  },
  // The mails to owners and admins that a receiver Heed turned off asked for (platform/turn-off).
  {
    name: "member mail",
    everyMs: (config) => config.notifications.pollMs,
    pass:
      ({ services }) =>
      (run) =>
        drainFor(5_000, () => sendMemberMails(services), run),
  },
  // The outbox's followers (start/followers.ts), a worker each: "<name> follower".
  ...FOLLOWERS.map(
    ({ follower, pollMs }): Entry => ({
      name: `${follower.name} follower`,
      everyMs: pollMs,
      pass: ({ services }) => followPass(services, follower),
    }),
  ),
  {
    name: "duplicate check",
    everyMs: () => DUPLICATES_POLL_MS,
    pass:
      ({ services }) =>
      (run) =>
        duplicateChecksPass(services, undefined, run),
  },
  // A job shows progress within this of being made.
  {
    name: "bulk job",
    everyMs: () => 250,
    pass:
      ({ services }) =>
      (run) =>
        bulkJobPass(services, undefined, run),
  },
  {
    name: "export",
    everyMs: () => 1_000,
    pass:
      ({ services }) =>
      (run) =>
        exportPass(services, undefined, run),
  },
  {
    name: "import",
    everyMs: () => 1_000,
    pass:
      ({ services }) =>
      (run) =>
        importPass(services, undefined, run),
  },
];

/** The timers: periodic jobs, each first run a while after start so that they do not all start together. */
export const TIMERS: Entry[] = [
  {
    name: "changelog scheduler",
    everyMs: (config) => config.schedulerIntervalMs,
    // Soon after start too, so an entry that fell due while no process ran publishes at once.
    firstAfterMs: (config) => Math.min(1000, config.schedulerIntervalMs),
    pass:
      ({ services }) =>
      async () =>
        told("scheduled changelog entries published", "entries", await publishDueEntries(services)),
  },
  {
    name: "trending refresh",
    everyMs: () => 10 * MINUTE,
    firstAfterMs: () => MINUTE,
    pass:
      ({ services }) =>
      () =>
        refreshAllTrending(services),
  },
  {
    name: "statistics refresh",
    everyMs: () => 60 * MINUTE,
    pass:
      ({ services }) =>
      () =>
        optimizeStatistics(services.db, services.dialect),
  },
  {
    name: "idempotency purge",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: () => 5 * MINUTE,
    pass:
      ({ services }) =>
      async () =>
        told("expired idempotency keys purged", "keys", await purgeExpiredKeys(services.db)),
  },
  {
    name: "portal sign-in purge",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: () => 6 * MINUTE,
    pass:
      ({ services }) =>
      async () => {
        const sessions = await purgeEndedPortalSessions(services.db);
        const jwtIds = await purgeUsedJwtIds(services.db);
        if (sessions + jwtIds > 0) log.info("ended portal sessions and expired single sign-on JWT ids purged", { sessions, jwtIds });
      },
  },
  {
    name: "export purge",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: () => 7 * MINUTE,
    pass:
      ({ services }) =>
      async () =>
        told("expired exports purged", "exports", await purgeExpiredExports(services)),
  },
  {
    name: "import upload purge",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: () => 8 * MINUTE,
    pass:
      ({ services }) =>
      async () =>
        told("expired import uploads purged", "uploads", await purgeExpiredUploads(services)),
  },
  {
    // With BACKUP_DIR (SQLite only: config.ts refuses it on PostgreSQL). The pass is cheap when no
    // backup is due, a look at the folder: the interval is counted from the newest backup there.
    name: "scheduled backup",
    everyMs: () => 5 * MINUTE,
    firstAfterMs: () => MINUTE,
    pass:
      ({ config }) =>
      async () => {
        const { dir, intervalHours, keep } = config.backups;
        const file = sqliteFileOf(config.databaseUrl);
        if (!dir || !file || file === ":memory:") return;
        const { written, removed } = await scheduledBackupPass(file, { dir, intervalHours, keep });
        if (written) log.info("scheduled backup written", { file: written.file, bytes: written.bytes, removed });
      },
  },
  {
    name: "held delivery expiry",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: () => 9 * MINUTE,
    pass:
      ({ services }) =>
      async () =>
        told(`deliveries held more than ${HOLD_DAYS} days failed`, "deliveries", await expireHeld(services.db)),
  },
  {
    name: "integration history purge",
    everyMs: () => 60 * MINUTE,
    firstAfterMs: (config) => config.webhooks.pollMs,
    pass:
      ({ services }) =>
      () =>
        purgeIntegrationHistory(services),
  },
];

/** The queues the workers drain, for their figures. */
export const QUEUES: Queue[] = [webhookQueue, mailQueue, integrationQueue, memberMailQueue, bulkJobQueue, exportQueue, importQueue];

/** Each queue's depth, oldest due row, rows in flight and dead letters. */
export function backgroundFigures(db: Db): Promise<QueueFigures[]> {
  return Promise.all(QUEUES.map((queue) => queueFigures(db, queue)));
}

function start(entry: Entry, background: Background): () => Promise<void> {
  return startRunner(entry.name, entry.everyMs(background.config), entry.pass(background), {
    first: entry.first?.(background).catch((error) => log.warn(`${entry.name} start failed`, { error })),
    firstAfterMs: entry.firstAfterMs?.(background.config),
  });
}

/** Starts one worker or timer of the table by its name, with the configuration it reads (tests run one alone). */
export function startWorker(name: string, background: Omit<Background, "config"> & { config: Partial<Background["config"]> }): () => Promise<void> {
  const entry = [...WORKERS, ...TIMERS].find((e) => e.name === name);
  if (!entry) throw new Error(`no background work named ${name}`);
  return start(entry, background as Background);
}

/** Starts every worker and timer; the returned function stops them, waiting (a bounded time) for the work under way. */
export function startWorkers(background: Background): () => Promise<void> {
  const stops = [...WORKERS, ...TIMERS].map((entry) => start(entry, background));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
