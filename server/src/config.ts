import { availableParallelism } from "node:os";
import { z } from "@hono/zod-openapi";
import { DEFAULT_TOKEN_TTL_MS } from "./http/credentials/user-token.js";
import { DEFAULT_KEY_TTL_MS } from "./http/idempotency/store.js";
import { readIntegrationsKey } from "./features/integrations/index.js";
import type { IntegrationSettings, OidcSettings } from "./platform/context.js";
import { SAMPLERS, type TraceSettings } from "./platform/traces/settings.js";
import { DEFAULT_TURN_OFF, type TurnOffRule } from "./platform/turn-off/index.js";

// Everything Heed reads from the environment, read once at start-up.
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** Where people reach this server: the base of portal links and of the OpenAPI `servers` URL. */
  publicUrl: string;
  bodyLimitBytes: number;
  imports: { fileLimitBytes: number; cannyBaseUrl: string };
  integrations: IntegrationSettings;
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
    /** DISABLE_AFTER_FAILURES, DISABLE_AFTER_HOURS: when Heed turns off a webhook endpoint or integration that keeps failing. */
    turnOff: TurnOffRule;
  };
  /** SMTP_URL and MAIL_FROM: where invites and password resets are mailed from; unset, nothing is mailed. */
  mail?: { smtpUrl: string; from: string; maxConnections: number };
  notifications: {
    /** NOTIFICATION_WINDOW_SECONDS: changes within it are gathered into one mail; 0 sends each at once. */
    windowSeconds: number;
    /** UNSUBSCRIBE_MAILTO: an address offered beside the one-click unsubscribe link. */
    unsubscribeMailto?: string | undefined;
    /** Mails sent at once (SMTP connections). */
    concurrency: number;
    pollMs: number;
  };
  /** OIDC_*: single sign-on with one OpenID Connect provider for the whole server; unset, none. */
  oidc?: OidcSettings;
  /** How often the scheduler looks for changelog entries that are due (ms). */
  schedulerIntervalMs: number;
  /** BACKUP_*: scheduled backups of a SQLite database into `dir` (platform/backups/schedule.ts); unset `dir`, none. */
  backups: { dir: string | undefined; intervalHours: number; keep: number };
  /** BACKGROUND_NICE: the background thread's nice value (start/background-entry.ts), 0 to 19. */
  backgroundNice: number;
  /** WORKERS: HTTP server processes on this machine (node:cluster); 1 serves from the one process. */
  workers: number;
  /** KEEP_ALIVE_TIMEOUT_SECONDS: how long an idle kept-alive connection stays open, in ms. */
  keepAliveTimeoutMs: number;
  rateLimit: {
    /** Requests per window per bucket unless the key or its workspace sets its own. */
    perMinute: number;
    windowSeconds: number;
    /** Shared counters for several instances; in memory when unset. */
    redisUrl?: string;
    /** Proxies in front of Heed whose X-Forwarded-For to trust (TRUST_PROXY=1, or a hop count). */
    trustProxyHops: number;
  };
  /** METRICS_*: GET /metrics for Prometheus; unset (no token, no port), none, and nothing is timed. */
  metrics?: MetricsSettings;
  /** OTEL_*: OpenTelemetry traces sent over OTLP/HTTP; unset (no endpoint), none, and the SDK is never loaded. */
  traces?: TraceSettings;
}

export interface MetricsSettings {
  /** METRICS_TOKEN: the bearer token /metrics asks for. */
  token?: string | undefined;
  /** METRICS_PORT: /metrics only there, on `host`, and not on the main port. */
  port?: number | undefined;
  host: string;
}

/** The shortest METRICS_TOKEN taken. */
const MIN_METRICS_TOKEN = 16;

// A variable set to the empty string counts as unset throughout (`PORT= npm start` is `npm start`).
// Each reader below says what one kind of variable accepts; a refusal names what was expected, and
// loadConfig puts the variable's name in front of it.

function refuse(ctx: z.RefinementCtx, expected: string, raw: string): never {
  ctx.addIssue({ code: "custom", message: `must be ${expected} (got '${raw}')` });
  return z.NEVER;
}

/** Text, or `fallback` when unset. */
const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((raw) => raw || fallback);

/** Text, or undefined when unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((raw) => raw || undefined);

/** A whole number ≥ 0 as Number() reads it (so ` 8 `, `1e3` and `0x10` pass, as they always have). */
function wholeNumber(raw: string, ctx: z.RefinementCtx, expected = "a whole number"): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : refuse(ctx, expected, raw);
}

/** A whole number from `min` to `max`, or `fallback` when unset. */
function within(raw: string | undefined, ctx: z.RefinementCtx, fallback: number, min: number, max: number, expected: string): number {
  const value = raw ? wholeNumber(raw, ctx, expected) : fallback;
  return value >= min && value <= max ? value : refuse(ctx, expected, String(raw));
}

/** A whole number ≥ 0, or `fallback` when unset. */
const count = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => (raw ? wholeNumber(raw, ctx) : fallback));

/** A finite number from 0 to `max`, or `fallback` when unset. */
const decimal = (fallback: number, max: number, expected: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return fallback;
      const value = Number(raw);
      return Number.isFinite(value) && value >= 0 && value <= max ? value : refuse(ctx, expected, raw);
    });

/**
 * Every variable Heed reads, what it means and how it is read: README's "Configuration" table
 * describes the same list. LOG_LEVEL is the one left out: the logger reads it itself
 * (platform/lib/log.ts), so that logging works before and without a config.
 */
export const environment = z.object({
  HOST: text("127.0.0.1").describe("Address to listen on; 0.0.0.0 or :: for every interface. Default 127.0.0.1."),
  PORT: count(3000).describe("Port to listen on. Default 3000."),
  DATABASE_URL: text("sqlite:./data/heed.db").describe("sqlite:/any/path.db, or postgres://user@host:5432/db. Default sqlite:./data/heed.db."),
  PUBLIC_URL: optionalText().describe(
    "How people reach this server: the base of portal links and of the OpenAPI `servers` URL; a trailing / is dropped. Default http://HOST:PORT (127.0.0.1 for 0.0.0.0 and ::).",
  ),
  BODY_LIMIT_BYTES: count(1024 * 1024).describe("Largest request body in bytes (413 above it). Default 1048576."),
  IMPORT_FILE_LIMIT_BYTES: count(256 * 1024 * 1024).describe(
    "Largest CSV file an import takes, uploaded or read by the CLI (413 above it). Default 268435456 (256 MiB).",
  ),
  CANNY_BASE_URL: text("https://canny.io").describe("Where imports from Canny read its API. Default https://canny.io."),
  INTEGRATIONS_KEY: optionalText().describe(
    "32 bytes (64 hex digits or base64: openssl rand -base64 32) that seal integrations' tokens in the database. Unset, Slack, GitHub and Linear cannot be connected.",
  ),
  GITHUB_API_URL: text("https://api.github.com").describe("GitHub's REST API (GitHub Enterprise: https://host/api/v3). Default https://api.github.com."),
  LINEAR_API_URL: text("https://api.linear.app/graphql").describe("Linear's GraphQL API. Default https://api.linear.app/graphql."),
  SLACK_API_URL: text("https://slack.com/api/").describe("Slack's Web API. Default https://slack.com/api/."),
  SLACK_HOOKS_URL: text("https://hooks.slack.com/").describe(
    "Where Slack's incoming-webhook URLs start; others are refused. Default https://hooks.slack.com/.",
  ),
  SEED_DEMO: z
    .string()
    .optional()
    .transform((raw) => raw !== "0")
    .describe("0 skips creating the demo workspace on an empty database; any other value, or unset, creates it."),
  SCHEDULER_INTERVAL_MS: count(15_000).describe("How often scheduled changelog entries are looked for (ms). Default 15000."),
  BACKGROUND_NICE: count(10).describe(
    "The nice value of the thread that runs the jobs, webhooks and notification mail, 0 to 19: higher yields more CPU to serving requests. Default 10.",
  ),
  BACKUP_DIR: optionalText().describe(
    "SQLite only: a folder where Heed writes a backup, heed-<UTC time>.db, every BACKUP_INTERVAL_HOURS, keeping the newest BACKUP_KEEP. Unset, none; set on PostgreSQL, Heed refuses to start.",
  ),
  BACKUP_INTERVAL_HOURS: z
    .string()
    .optional()
    .transform((raw, ctx) => within(raw, ctx, 24, 1, 24 * 20, "a whole number of hours from 1 to 480"))
    .describe("Hours between scheduled backups, counted from the newest in BACKUP_DIR. Default 24."),
  BACKUP_KEEP: z
    .string()
    .optional()
    .transform((raw, ctx) => within(raw, ctx, 7, 1, 10_000, "a whole number from 1 to 10000"))
    .describe("How many scheduled backups BACKUP_DIR keeps, the newest; older ones are deleted. Default 7."),
  KEEP_ALIVE_TIMEOUT_SECONDS: z
    .string()
    .optional()
    .transform((raw, ctx) => within(raw, ctx, 65, 1, 3600, "a whole number of seconds from 1 to 3600"))
    .describe(
      "How long an idle kept-alive connection stays open, in seconds: longer than the idle timeout of the load balancer in front (60 s on most), so it never reuses a connection Heed is closing. Default 65.",
    ),
  WORKERS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === "auto") return availableParallelism();
      return raw ? Math.max(1, wholeNumber(raw, ctx, "auto or a whole number")) : 1;
    })
    .describe("HTTP server processes on this machine (node:cluster): a number (0 counts as 1), or auto for one per core. Default 1."),
  IDEMPOTENCY_TTL_HOURS: count(DEFAULT_KEY_TTL_MS / 3_600_000).describe("How long an answered Idempotency-Key is remembered (hours). Default 24."),
  USER_TOKEN_TTL_SECONDS: count(DEFAULT_TOKEN_TTL_MS / 1000).describe("Lifetime of the end-user tokens POST /v1/identify hands out (seconds). Default 3600."),
  WEBHOOKS_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((raw) => raw === "1" || raw === "true")
    .describe(
      "1 or true allows http and private or loopback webhook targets and workspace OpenID Connect issuers (self-hosting, tests); anything else, or unset, does not.",
    ),
  WEBHOOK_POLL_MS: count(100).describe("How often the webhook worker looks for new events and due deliveries (ms). Default 100."),
  WEBHOOK_TIMEOUT_MS: count(15_000).describe("How long a receiver has to answer a delivery (ms). Default 15000."),
  // NaN or Infinity would schedule retries at no valid time: refused here rather than there.
  WEBHOOK_RETRY_SCALE: decimal(1, Number.POSITIVE_INFINITY, "a number of 0 or more").describe(
    "Multiplies the webhook retry schedule, e.g. 0.001 in tests. Default 1.",
  ),
  DISABLE_AFTER_FAILURES: count(DEFAULT_TURN_OFF.afterFailures).describe(
    "A webhook endpoint or integration is turned off when this many attempts in a row have failed and the first of them is DISABLE_AFTER_HOURS old. Default 50.",
  ),
  DISABLE_AFTER_HOURS: count(DEFAULT_TURN_OFF.afterMs / 3_600_000).describe(
    "How long a run of failed attempts lasts, at least, before Heed turns its webhook endpoint or integration off (hours). Default 24.",
  ),
  RATE_LIMIT_PER_MINUTE: count(600).describe("Requests per window per bucket, unless the key or its workspace sets its own. Default 600."),
  RATE_LIMIT_WINDOW_SECONDS: count(60).describe("The length of a rate-limit window (seconds). Default 60."),
  REDIS_URL: optionalText().describe("e.g. redis://127.0.0.1:6379: share rate-limit counters across instances; unset, they are kept in memory."),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => (raw === "true" ? 1 : raw ? wholeNumber(raw, ctx, "true or a whole number of proxies") : 0))
    .describe("Proxies in front of Heed whose X-Forwarded-For to trust: a hop count, or true for 1. Default 0."),
  SMTP_URL: optionalText().describe("e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465: mail invites and password links; unset, nothing is mailed."),
  NOTIFICATION_WINDOW_SECONDS: count(120).describe(
    "Changes to what one person follows within this many seconds are gathered into one mail; 0 sends each at once. A workspace may set its own. Default 120.",
  ),
  UNSUBSCRIBE_MAILTO: optionalText().describe("An address the operator reads, offered in List-Unsubscribe beside the one-click link; unset, only the link."),
  NOTIFICATION_CONCURRENCY: count(8).describe("Notification mails sent at once (SMTP connections). Default 8."),
  NOTIFICATION_POLL_MS: count(500).describe("How often the notification worker looks for changes to tell and mail that is due (ms). Default 500."),
  MAIL_FROM: optionalText().describe("The sender of that mail. Default Heed <heed@PUBLIC_URL's host>."),
  OIDC_ISSUER: optionalText().describe(
    "Single sign-on with one OpenID Connect provider for the whole server; needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. Unset, none.",
  ),
  OIDC_CLIENT_ID: optionalText().describe("The client id registered with OIDC_ISSUER."),
  OIDC_CLIENT_SECRET: optionalText().describe("The client secret registered with OIDC_ISSUER."),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .transform((raw) =>
      (raw ?? "")
        .split(",")
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    )
    .describe("Comma-separated email domains whose people may sign up through the provider; unset, only existing accounts sign in."),
  OIDC_WORKSPACE: optionalText().describe("The workspace (slug) that those sign-ups join as members; unset, nobody signs up."),
  OIDC_LABEL: text("single sign-on").describe("What the sign-in button calls the provider. Default single sign-on."),
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      // A short token could be guessed; the refusal names its length, never the token.
      return raw.length >= MIN_METRICS_TOKEN ? raw : refuse(ctx, `at least ${MIN_METRICS_TOKEN} characters`, `${raw.length} characters`);
    })
    .describe(
      "GET /metrics (Prometheus) on the main port, to requests with Authorization: Bearer <token>; at least 16 characters (openssl rand -hex 32). Unset, and no METRICS_PORT, no metrics.",
    ),
  METRICS_PORT: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const value = Number(raw);
      return Number.isInteger(value) && value >= 1 && value <= 65535 ? value : refuse(ctx, "a port from 1 to 65535", raw);
    })
    .describe(
      "GET /metrics only on this port (with METRICS_TOKEN set, it asks for it there too), and not on the main port. Unset, the main port serves it if METRICS_TOKEN is set.",
    ),
  METRICS_HOST: text("127.0.0.1").describe("The address METRICS_PORT listens on. Default 127.0.0.1."),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      return /^https?:\/\//.test(raw) && URL.canParse(raw) ? raw.replace(/\/+$/, "") : refuse(ctx, "an http:// or https:// URL", raw);
    })
    .describe(
      "An OpenTelemetry collector's OTLP/HTTP base URL (e.g. http://127.0.0.1:4318): traces are sent to its /v1/traces, a span per request and per database statement. Unset, no traces, and the SDK is not loaded.",
    ),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .optional()
    .transform((raw, ctx) => (raw ? (otlpHeaders(raw) ?? refuse(ctx, "key=value pairs separated by commas", "a malformed pair")) : {}))
    .describe("Headers sent with every export, as key=value pairs separated by commas, values percent-encoded (e.g. an API key of the collector)."),
  OTEL_SERVICE_NAME: text("heed").describe("The service.name traces carry. Default heed."),
  OTEL_TRACES_SAMPLER: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return "parentbased_always_on" as const;
      const known = SAMPLERS.find((name) => name === raw);
      return known ?? refuse(ctx, SAMPLERS.join(", "), raw);
    })
    .describe("Which requests are traced: always_on, always_off, traceidratio, or each of them parentbased_. Default parentbased_always_on (every request)."),
  OTEL_TRACES_SAMPLER_ARG: decimal(1, 1, "a number from 0 to 1").describe("The share of requests the traceidratio samplers trace, 0 to 1. Default 1."),
  OTEL_BSP_SCHEDULE_DELAY: count(5000).describe("How long finished spans wait to be sent together (ms). Default 5000."),
});

export type Environment = z.output<typeof environment>;

function oidcSettings(vars: Environment): OidcSettings | undefined {
  if (!vars.OIDC_ISSUER) return undefined;
  if (!vars.OIDC_CLIENT_ID || !vars.OIDC_CLIENT_SECRET) throw new Error("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
  return {
    issuer: vars.OIDC_ISSUER,
    clientId: vars.OIDC_CLIENT_ID,
    clientSecret: vars.OIDC_CLIENT_SECRET,
    allowedDomains: vars.OIDC_ALLOWED_DOMAINS,
    label: vars.OIDC_LABEL,
    signUpWorkspace: vars.OIDC_WORKSPACE ?? null,
  };
}

function metricsSettings(vars: Environment): MetricsSettings | undefined {
  if (vars.METRICS_TOKEN === undefined && vars.METRICS_PORT === undefined) return undefined;
  if (vars.METRICS_PORT === vars.PORT) throw new Error(`METRICS_PORT must differ from PORT (both ${vars.PORT})`);
  return { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT, host: vars.METRICS_HOST };
}

/**
 * OTEL_EXPORTER_OTLP_HEADERS as OpenTelemetry reads it (`api-key=abc,x-tenant=t%201`); undefined when
 * a pair has no key or no `=`, so a typo stops the start rather than every export failing.
 */
function otlpHeaders(raw: string): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  for (const pair of raw.split(",")) {
    if (pair.trim() === "") continue;
    const at = pair.indexOf("=");
    const key = pair.slice(0, at).trim();
    if (at < 1 || key === "") return undefined;
    try {
      headers[decodeURIComponent(key)] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return headers;
}

function traceSettings(vars: Environment): TraceSettings | undefined {
  if (vars.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  return {
    endpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT,
    headers: vars.OTEL_EXPORTER_OTLP_HEADERS,
    serviceName: vars.OTEL_SERVICE_NAME,
    sampler: vars.OTEL_TRACES_SAMPLER,
    samplerRatio: vars.OTEL_TRACES_SAMPLER_ARG,
    exportDelayMs: vars.OTEL_BSP_SCHEDULE_DELAY,
  };
}

function mailFrom(vars: Environment, publicUrl: string): string {
  if (vars.MAIL_FROM) return vars.MAIL_FROM;
  if (!URL.canParse(publicUrl)) throw new Error(`MAIL_FROM is needed when PUBLIC_URL is not a URL (got '${publicUrl}')`);
  return `Heed <heed@${new URL(publicUrl).hostname}>`;
}

/**
 * BACKUP_DIR copies a SQLite file; PostgreSQL is backed up with its own tools (`heed backup` runs
 * pg_dump), on the schedule of the machine's cron or the platform's backups. Refused rather than
 * ignored, so nobody believes backups are being made that are not.
 */
function backupSettings(vars: Environment): Config["backups"] {
  const dir = vars.BACKUP_DIR;
  if (dir && !vars.DATABASE_URL.startsWith("sqlite:")) {
    throw new Error(
      "BACKUP_DIR works on SQLite only: on PostgreSQL, run `heed backup --output <file>` (pg_dump) on a schedule of your own, and unset BACKUP_DIR",
    );
  }
  if (dir && vars.DATABASE_URL === "sqlite::memory:") throw new Error("BACKUP_DIR needs a database file: sqlite::memory: has none");
  return { dir, intervalHours: vars.BACKUP_INTERVAL_HOURS, keep: vars.BACKUP_KEEP };
}

/** Reads the environment; a bad value stops here with one line naming each variable and what it expects. */
export function loadConfig(env = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "));
  const vars = parsed.data;
  const shownHost = vars.HOST === "0.0.0.0" || vars.HOST === "::" ? "127.0.0.1" : vars.HOST;
  const publicUrl = (vars.PUBLIC_URL ?? `http://${shownHost}:${vars.PORT}`).replace(/\/+$/, "");
  return {
    host: vars.HOST,
    port: vars.PORT,
    databaseUrl: vars.DATABASE_URL,
    publicUrl,
    oidc: oidcSettings(vars),
    mail: vars.SMTP_URL ? { smtpUrl: vars.SMTP_URL, from: mailFrom(vars, publicUrl), maxConnections: vars.NOTIFICATION_CONCURRENCY } : undefined,
    notifications: {
      windowSeconds: vars.NOTIFICATION_WINDOW_SECONDS,
      unsubscribeMailto: vars.UNSUBSCRIBE_MAILTO,
      concurrency: Math.max(1, vars.NOTIFICATION_CONCURRENCY),
      pollMs: Math.max(10, vars.NOTIFICATION_POLL_MS),
    },
    bodyLimitBytes: vars.BODY_LIMIT_BYTES,
    imports: { fileLimitBytes: vars.IMPORT_FILE_LIMIT_BYTES, cannyBaseUrl: vars.CANNY_BASE_URL.replace(/\/+$/, "") },
    integrations: {
      key: vars.INTEGRATIONS_KEY ? readIntegrationsKey(vars.INTEGRATIONS_KEY) : undefined,
      githubApiUrl: vars.GITHUB_API_URL.replace(/\/+$/, ""),
      linearApiUrl: vars.LINEAR_API_URL,
      slackApiUrl: vars.SLACK_API_URL.endsWith("/") ? vars.SLACK_API_URL : `${vars.SLACK_API_URL}/`,
      // A prefix check: without its slash, https://hooks.slack.com would also let hooks.slack.com.example.net through.
      slackHooksUrl: vars.SLACK_HOOKS_URL.endsWith("/") ? vars.SLACK_HOOKS_URL : `${vars.SLACK_HOOKS_URL}/`,
    },
    seedDemo: vars.SEED_DEMO,
    schedulerIntervalMs: vars.SCHEDULER_INTERVAL_MS,
    backups: backupSettings(vars),
    backgroundNice: Math.min(19, vars.BACKGROUND_NICE),
    workers: vars.WORKERS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    idempotencyTtlMs: vars.IDEMPOTENCY_TTL_HOURS * 3_600_000,
    userTokenTtlMs: vars.USER_TOKEN_TTL_SECONDS * 1000,
    webhooks: {
      allowPrivate: vars.WEBHOOKS_ALLOW_PRIVATE,
      pollMs: vars.WEBHOOK_POLL_MS,
      timeoutMs: vars.WEBHOOK_TIMEOUT_MS,
      retryScale: vars.WEBHOOK_RETRY_SCALE,
      // At least one failure: a rule of none would turn off whatever worked last time.
      turnOff: { afterFailures: Math.max(1, vars.DISABLE_AFTER_FAILURES), afterMs: vars.DISABLE_AFTER_HOURS * 3_600_000 },
    },
    rateLimit: {
      perMinute: vars.RATE_LIMIT_PER_MINUTE,
      windowSeconds: vars.RATE_LIMIT_WINDOW_SECONDS,
      redisUrl: vars.REDIS_URL,
      trustProxyHops: vars.TRUST_PROXY,
    },
    metrics: metricsSettings(vars),
    traces: traceSettings(vars),
  };
}
