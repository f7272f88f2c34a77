import type { Services } from "../platform/context.js";
import { publishDueEntries } from "../features/changelog/publish.js";
import { purgeUsedJwtIds } from "../features/customers/jwt-ids.js";
import { purgeEndedPortalSessions } from "../http/credentials/portal-sessions.js";
import { purgeExpiredExports } from "../features/exports/index.js";
import { purgeExpiredUploads } from "../features/imports/index.js";
import { purgeExpiredKeys } from "../http/idempotency/store.js";
import { refreshTrending } from "../features/posts/trending.js";
import { optimizeStatistics } from "../platform/db/maintenance.js";
import { nowMs } from "../platform/lib/clock.js";
import { log } from "../platform/lib/log.js";

// Periodic work inside the server process. Each job is idempotent, so several instances on one
// PostgreSQL may run it at the same time without harm.

const MINUTE = 60_000;

async function refreshAllTrending(services: Services): Promise<void> {
  const workspaces = await services.db.selectFrom("workspaces").select("id").execute();
  let changed = 0;
  for (const workspace of workspaces) changed += await refreshTrending(services.db, workspace.id, nowMs());
  if (changed > 0) log.info("trending counts refreshed", { posts: changed });
}

function every(ms: number, firstAfterMs: number, name: string, job: () => Promise<void>): NodeJS.Timeout[] {
  const run = () => job().catch((error) => log.warn(`${name} failed`, { error }));
  const first = setTimeout(run, firstAfterMs);
  const repeat = setInterval(run, ms);
  first.unref();
  repeat.unref();
  return [first, repeat];
}

/** Starts the background jobs; the returned function stops them. */
export function startJobs(services: Services, options: { schedulerIntervalMs: number }): () => void {
  const timers = [
    // Soon after start too, so an entry that fell due while no process ran publishes at once.
    ...every(options.schedulerIntervalMs, Math.min(1000, options.schedulerIntervalMs), "changelog scheduler", async () => {
      const published = await publishDueEntries(services);
      if (published > 0) log.info("scheduled changelog entries published", { entries: published });
    }),
    ...every(10 * MINUTE, MINUTE, "trending refresh", () => refreshAllTrending(services)),
    ...every(60 * MINUTE, 60 * MINUTE, "statistics refresh", () => optimizeStatistics(services.db, services.dialect)),
    ...every(60 * MINUTE, 5 * MINUTE, "idempotency purge", async () => {
      const purged = await purgeExpiredKeys(services.db);
      if (purged > 0) log.info("expired idempotency keys purged", { keys: purged });
    }),
    ...every(60 * MINUTE, 7 * MINUTE, "export purge", async () => {
      const purged = await purgeExpiredExports(services);
      if (purged > 0) log.info("expired exports purged", { exports: purged });
    }),
    ...every(60 * MINUTE, 8 * MINUTE, "import upload purge", async () => {
      const purged = await purgeExpiredUploads(services);
      if (purged > 0) log.info("expired import uploads purged", { uploads: purged });
    }),
    ...every(60 * MINUTE, 6 * MINUTE, "portal sign-in purge", async () => {
      const sessions = await purgeEndedPortalSessions(services.db);
      const jwtIds = await purgeUsedJwtIds(services.db);
      if (sessions + jwtIds > 0) log.info("ended portal sessions and expired single sign-on JWT ids purged", { sessions, jwtIds });
    }),
  ];
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
