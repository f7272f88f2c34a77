import { serve } from "@hono/node-server";
import { createApp } from "../app.js";
import type { Config } from "../config.js";
import { openDatabase } from "../platform/db/database.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { withFrontDoor } from "../http/front-door/index.js";
import { inFlightRequests } from "../http/in-flight.js";
import { SIGN_IN_WINDOW_SECONDS } from "../features/accounts/sign-in-limits.js";
import { log } from "../platform/lib/log.js";
import { createRateLimiter } from "../platform/ratelimit/limiter.js";
import { operations } from "../routes.js";
import { bootstrapDemo } from "../cli/seed/demo.js";
import { startBackgroundThread } from "./background.js";
import { servicesOf } from "./services.js";
import { mainTimings, startMetrics } from "./metrics.js";
import { shareServingLoad } from "./serving-load.js";
import { whereToFind } from "./where-to-find.js";
import { startTracing } from "../platform/traces/start.js";
import { requestSpans } from "../http/request-spans.js";

/**
 * One serving process. `whole`: the only one (WORKERS=1), which also migrates, creates the demo
 * workspace and runs the background work. `worker`: one of WORKERS, which only serves HTTP; the
 * primary did the rest (primary.ts).
 */
export async function runInstance(config: Config, role: "whole" | "worker"): Promise<void> {
  // Only a serving thread traces: its requests and the statements they run (the SDK loads here, and only with OTEL_EXPORTER_OTLP_ENDPOINT set).
  const tracing = config.traces ? startTracing(config.traces) : undefined;
  // The background thread copies SQLite's WAL into the database file: this one's, or with WORKERS the primary's.
  const opened = openDatabase(config.databaseUrl, { checkpoints: "another-thread", timings: mainTimings(config), tracing });
  if (role === "whole") {
    const applied = await migrateToLatest(opened.db);
    if (applied.length > 0) log.info("migrations applied", { migrations: applied });
  }
  const services = await servicesOf(config, opened);
  if (role === "whole" && config.seedDemo) await bootstrapDemo(services);

  const limits = { redisUrl: config.rateLimit.redisUrl, clusterWorkers: role === "worker" ? config.workers : undefined };
  const rateLimiter = createRateLimiter({ ...limits, windowSeconds: config.rateLimit.windowSeconds });
  if (!(await rateLimiter.ready(5000))) log.warn("redis not reachable at start-up: serving with per-process rate limits");
  const signInLimiter = createRateLimiter({ ...limits, windowSeconds: SIGN_IN_WINDOW_SECONDS });
  const rateLimit = { defaultLimit: config.rateLimit.perMinute, trustProxyHops: config.rateLimit.trustProxyHops };
  const metrics = await startMetrics(config, role, services);
  const app = createApp(services, {
    bodyLimitBytes: config.bodyLimitBytes,
    rateLimiter,
    signInLimiter,
    rateLimit,
    noteAnswerers: metrics.frontDoor !== undefined || tracing !== undefined,
  });
  // The background work's mail waits while this thread is busy serving (serving-load.ts).
  const servingLoad = role === "whole" ? shareServingLoad() : undefined;
  const stopBackground = servingLoad ? startBackgroundThread(config, services, servingLoad.buffer) : undefined;
  const inFlight = inFlightRequests();
  const traces = tracing && requestSpans(tracing);
  const createServer = withFrontDoor({ services, rateLimiter, rateLimit, operations, metrics: metrics.frontDoor, traces }, inFlight);
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port, createServer, serverOptions: keepAlive(config) }, (info) => {
    log.info("heed listening", {
      url: config.publicUrl,
      address: `${info.address}:${info.port}`,
      database: opened.description,
      node: process.version,
      ...(role === "worker" ? { worker: process.pid } : {}),
    });
    if (role === "whole") void whereToFind(services, config.databaseUrl).then((lines) => process.stdout.write(`${lines.join("\n")}\n`));
  });

  const DRAIN_MS = 10_000;
  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info("stopping", { signal });
    // Requests in flight are answered before the database closes (a deploy must not turn them into
    // 500s: the search bench, stopping its server under load, showed it did); a connection that
    // has not finished after the drain time is cut. A handler whose client hung up runs on after
    // its connection closed: the database waits for it too (in-flight.ts), within the same time.
    const drained = Date.now() + DRAIN_MS;
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        resolve();
      }, DRAIN_MS);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
    });
    await new Promise<void>((resolve) => {
      const cut = setTimeout(resolve, Math.max(0, drained - Date.now()));
      void inFlight.idle().then(() => {
        clearTimeout(cut);
        resolve();
      });
    });
    if (inFlight.count > 0) log.warn("stopping with requests still running", { requests: inFlight.count });
    await stopBackground?.();
    await metrics.stop();
    servingLoad?.stop();
    await rateLimiter.close();
    await signInLimiter.close();
    services.mailer?.close();
    await opened.db.destroy();
    // The last requests' spans are sent before the process ends (at most the exporter's timeout, 10 s).
    await tracing?.shutdown().catch((error: unknown) => log.warn("traces could not be sent", { error }));
    process.exit(0);
  }
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/**
 * Idle kept-alive connections stay open longer than a load balancer's own idle timeout (Node's 5 s
 * default is shorter: a balancer then sends a request on a socket Heed is closing, and the request
 * fails with "other side closed"). The wait for a request's headers must be longer still, or Node
 * closes a reused connection between two requests.
 */
function keepAlive(config: Config) {
  return { keepAliveTimeout: config.keepAliveTimeoutMs, headersTimeout: config.keepAliveTimeoutMs + 1_000 };
}
