import { availableParallelism } from "node:os";
import { DEFAULT_TOKEN_TTL_MS } from "./http/credentials/user-token.js";
import { DEFAULT_KEY_TTL_MS } from "./http/idempotency/store.js";
import type { OidcSettings } from "./platform/context.js";

// Everything Heed reads from the environment, read once at start-up.
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** Where people reach this server: the base of portal links and of the OpenAPI `servers` URL. */
  publicUrl: string;
  bodyLimitBytes: number;
  /** Create the `demo` workspace on an empty database (off with SEED_DEMO=0). */
  seedDemo: boolean;
  idempotencyTtlMs: number;
  /** Lifetime of the end-user tokens POST /v1/identify hands out. */
  userTokenTtlMs: number;
  webhooks: {
    /** WEBHOOKS_ALLOW_PRIVATE=1: targets on private or loopback addresses (self-hosting, tests). */
    allowPrivate: boolean;
    pollMs: number;
    timeoutMs: number;
    /** Multiplies the retry schedule (1 in production). */
    retryScale: number;
  };
  /** SMTP_URL and MAIL_FROM: where invites and password resets are mailed from; unset, nothing is mailed. */
  mail?: { smtpUrl: string; from: string };
  /** OIDC_*: single sign-on with one OpenID Connect provider for the whole server; unset, none. */
  oidc?: OidcSettings;
  /** How often the scheduler looks for changelog entries that are due (ms). */
  schedulerIntervalMs: number;
  /** WORKERS: HTTP server processes on this machine (node:cluster); 1 serves from the one process. */
  workers: number;
  rateLimit: {
    /** Requests per window per bucket unless the key or its workspace sets its own. */
    perMinute: number;
    windowSeconds: number;
    /** Shared counters for several instances; in memory when unset. */
    redisUrl?: string;
    /** Proxies in front of Heed whose X-Forwarded-For to trust (TRUST_PROXY=1, or a hop count). */
    trustProxyHops: number;
  };
}

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number (got '${raw}')`);
  return value;
}

function oidcSettings(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  if (!env.OIDC_ISSUER) return undefined;
  if (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) throw new Error("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  return {
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    allowedDomains: (env.OIDC_ALLOWED_DOMAINS ?? "")
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    label: env.OIDC_LABEL || "single sign-on",
    signUpWorkspace: env.OIDC_WORKSPACE || null,
  };
}

export function loadConfig(env = process.env): Config {
  const host = env.HOST || "127.0.0.1";
  const port = integer("PORT", 3000);
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const publicUrl = (env.PUBLIC_URL || `http://${shownHost}:${port}`).replace(/\/+$/, "");
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL || "sqlite:./data/heed.db",
    publicUrl,
    oidc: oidcSettings(env),
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || `Heed <heed@${new URL(publicUrl).hostname}>` } : undefined,
    bodyLimitBytes: integer("BODY_LIMIT_BYTES", 1024 * 1024),
    seedDemo: env.SEED_DEMO !== "0",
    schedulerIntervalMs: integer("SCHEDULER_INTERVAL_MS", 15_000),
    workers: env.WORKERS === "auto" ? availableParallelism() : Math.max(1, integer("WORKERS", 1)),
    idempotencyTtlMs: integer("IDEMPOTENCY_TTL_HOURS", DEFAULT_KEY_TTL_MS / 3_600_000) * 3_600_000,
    userTokenTtlMs: integer("USER_TOKEN_TTL_SECONDS", DEFAULT_TOKEN_TTL_MS / 1000) * 1000,
    webhooks: {
      allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === "1" || env.WEBHOOKS_ALLOW_PRIVATE === "true",
      pollMs: integer("WEBHOOK_POLL_MS", 100),
      timeoutMs: integer("WEBHOOK_TIMEOUT_MS", 15_000),
      retryScale: env.WEBHOOK_RETRY_SCALE ? Number(env.WEBHOOK_RETRY_SCALE) : 1,
    },
    rateLimit: {
      perMinute: integer("RATE_LIMIT_PER_MINUTE", 600),
      windowSeconds: integer("RATE_LIMIT_WINDOW_SECONDS", 60),
      redisUrl: env.REDIS_URL || undefined,
      trustProxyHops: env.TRUST_PROXY === "true" ? 1 : integer("TRUST_PROXY", 0),
    },
  };
}
