import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { withFrontDoor } from "./http/front-door/index.js";
import { operations } from "./routes/index.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/database.js";
import { migrateToLatest } from "./db/migrate.js";
import { serverSecret } from "./db/secrets.js";
import { log } from "./lib/log.js";
import { createMailer } from "./mail/mailer.js";
import { startWebhookWorker } from "./core/webhooks/worker.js";
import { startJobs } from "./jobs.js";
import { createRateLimiter } from "./ratelimit/limiter.js";
import { SIGN_IN_WINDOW_SECONDS } from "./http/sign-in-limits.js";
import { bootstrapDemo } from "./seed/demo.js";

// Start-up: read config, open and migrate the database, create the demo workspace on first run,
// then serve HTTP until SIGINT/SIGTERM.
const config = loadConfig();
const { db, dialect, description } = openDatabase(config.databaseUrl);
const applied = await migrateToLatest(db);
if (applied.length > 0) log.info("migrations applied", { migrations: applied });

const services = {
  db,
  dialect,
  publicUrl: config.publicUrl,
  cursorSecret: await serverSecret(db, "cursor"),
  userTokenSecret: await serverSecret(db, "user-token"),
  userTokenTtlMs: config.userTokenTtlMs,
  idempotencyTtlMs: config.idempotencyTtlMs,
  webhooksAllowPrivate: config.webhooks.allowPrivate,
  mailer: config.mail ? createMailer(config.mail) : undefined,
  oidc: config.oidc,
};
if (config.seedDemo) await bootstrapDemo(services);

const rateLimiter = createRateLimiter({ redisUrl: config.rateLimit.redisUrl, windowSeconds: config.rateLimit.windowSeconds });
if (!(await rateLimiter.ready(5000))) log.warn("redis not reachable at start-up: serving with per-process rate limits");
const signInLimiter = createRateLimiter({ redisUrl: config.rateLimit.redisUrl, windowSeconds: SIGN_IN_WINDOW_SECONDS });
const rateLimit = { defaultLimit: config.rateLimit.perMinute, trustProxyHops: config.rateLimit.trustProxyHops };
const app = createApp(services, { bodyLimitBytes: config.bodyLimitBytes, rateLimiter, signInLimiter, rateLimit });
const stopJobs = startJobs(services, { schedulerIntervalMs: config.schedulerIntervalMs });
const stopWebhooks = startWebhookWorker(db, config.webhooks);
const createServer = withFrontDoor({ services, rateLimiter, rateLimit, operations });
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port, createServer }, (info) => {
  log.info("heed listening", { url: config.publicUrl, address: `${info.address}:${info.port}`, database: description, node: process.version });
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info("stopping", { signal });
  stopJobs();
  server.close();
  await stopWebhooks();
  await rateLimiter.close();
  await signInLimiter.close();
  services.mailer?.close();
  await db.destroy();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
