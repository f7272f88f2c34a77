import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { environment, loadConfig } from "../../config.js";
import { ROOT } from "../../../test/support/processes.js";

// What Heed makes of its environment (config.ts), without starting anything: the defaults, every
// kind of value it refuses (with the one line start-up stops on), and a fully set environment.

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe("loadConfig", () => {
  it("has a default for everything, and treats an empty variable as unset", () => {
    const expected = {
      host: "127.0.0.1",
      port: 3000,
      databaseUrl: "sqlite:./data/heed.db",
      publicUrl: "http://127.0.0.1:3000",
      oidc: undefined,
      mail: undefined,
      bodyLimitBytes: 1_048_576,
      imports: { fileLimitBytes: 268_435_456, cannyBaseUrl: "https://canny.io" },
      integrations: {
        key: undefined,
        githubApiUrl: "https://api.github.com",
        linearApiUrl: "https://api.linear.app/graphql",
        slackApiUrl: "https://slack.com/api/",
        slackHooksUrl: "https://hooks.slack.com/",
      },
      seedDemo: true,
      schedulerIntervalMs: 15_000,
      backups: { dir: undefined, intervalHours: 24, keep: 7 },
      backgroundNice: 10,
      workers: 1,
      keepAliveTimeoutMs: 65_000,
      idempotencyTtlMs: 24 * 3_600_000,
      userTokenTtlMs: 3_600_000,
      webhooks: { allowPrivate: false, pollMs: 100, timeoutMs: 15_000, retryScale: 1, turnOff: { afterFailures: 50, afterMs: 86_400_000 } },
      notifications: { windowSeconds: 120, unsubscribeMailto: undefined, concurrency: 8, pollMs: 500 },
      rateLimit: { perMinute: 600, windowSeconds: 60, redisUrl: undefined, trustProxyHops: 0 },
    };
    expect(loadConfig({})).toEqual(expected);
    const empty = Object.fromEntries(Object.keys(environment.shape).map((name) => [name, ""]));
    expect(loadConfig(empty)).toEqual(expected);
  });

  it("reads a fully set environment", () => {
    const config = loadConfig({
      HOST: "0.0.0.0",
      PORT: "8080",
      DATABASE_URL: "postgres://heed@db:5432/heed",
      PUBLIC_URL: "https://feedback.example.com//",
      BODY_LIMIT_BYTES: "2048",
      SEED_DEMO: "0",
      SCHEDULER_INTERVAL_MS: "50",
      BACKUP_INTERVAL_HOURS: "12",
      BACKUP_KEEP: "30",
      BACKGROUND_NICE: "5",
      WORKERS: "4",
      KEEP_ALIVE_TIMEOUT_SECONDS: "120",
      IDEMPOTENCY_TTL_HOURS: "2",
      USER_TOKEN_TTL_SECONDS: "600",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      WEBHOOK_POLL_MS: "20",
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_RETRY_SCALE: "0.001",
      RATE_LIMIT_PER_MINUTE: "100",
      RATE_LIMIT_WINDOW_SECONDS: "10",
      REDIS_URL: "redis://127.0.0.1:6379",
      TRUST_PROXY: "2",
      SMTP_URL: "smtp://user:pass@mail.example.com:587",
      MAIL_FROM: "Feedback <feedback@example.com>",
      NOTIFICATION_WINDOW_SECONDS: "0",
      UNSUBSCRIBE_MAILTO: "unsubscribe@example.com",
      NOTIFICATION_CONCURRENCY: "16",
      NOTIFICATION_POLL_MS: "50",
      DISABLE_AFTER_FAILURES: "5",
      DISABLE_AFTER_HOURS: "2",
      OIDC_ISSUER: "https://sso.example.com",
      OIDC_CLIENT_ID: "heed",
      OIDC_CLIENT_SECRET: "shh",
      OIDC_ALLOWED_DOMAINS: " Example.com, ,acme.test ",
      OIDC_WORKSPACE: "acme",
      OIDC_LABEL: "Okta",
      SOMETHING_ELSE: "ignored",
    });
    expect(config).toEqual({
      host: "0.0.0.0",
      port: 8080,
      databaseUrl: "postgres://heed@db:5432/heed",
      publicUrl: "https://feedback.example.com",
      oidc: {
        issuer: "https://sso.example.com",
        clientId: "heed",
        clientSecret: "shh",
        allowedDomains: ["example.com", "acme.test"],
        label: "Okta",
        signUpWorkspace: "acme",
      },
      mail: { smtpUrl: "smtp://user:pass@mail.example.com:587", from: "Feedback <feedback@example.com>", maxConnections: 16 },
      bodyLimitBytes: 2048,
      imports: { fileLimitBytes: 268_435_456, cannyBaseUrl: "https://canny.io" },
      integrations: {
        key: undefined,
        githubApiUrl: "https://api.github.com",
        linearApiUrl: "https://api.linear.app/graphql",
        slackApiUrl: "https://slack.com/api/",
        slackHooksUrl: "https://hooks.slack.com/",
      },
      seedDemo: false,
      schedulerIntervalMs: 50,
      backups: { dir: undefined, intervalHours: 12, keep: 30 },
      backgroundNice: 5,
      workers: 4,
      keepAliveTimeoutMs: 120_000,
      idempotencyTtlMs: 2 * 3_600_000,
      userTokenTtlMs: 600_000,
      webhooks: { allowPrivate: true, pollMs: 20, timeoutMs: 1000, retryScale: 0.001, turnOff: { afterFailures: 5, afterMs: 7_200_000 } },
      notifications: { windowSeconds: 0, unsubscribeMailto: "unsubscribe@example.com", concurrency: 16, pollMs: 50 },
      rateLimit: { perMinute: 100, windowSeconds: 10, redisUrl: "redis://127.0.0.1:6379", trustProxyHops: 2 },
    });
  });

  it("derives what is left unset from what is set", () => {
    // Listening on every interface, links still need an address to reach: loopback.
    expect(loadConfig({ HOST: "::", PORT: "4000" }).publicUrl).toBe("http://127.0.0.1:4000");
    expect(loadConfig({ HOST: "heed.internal" }).publicUrl).toBe("http://heed.internal:3000");
    expect(loadConfig({ SMTP_URL: "smtp://m", PUBLIC_URL: "https://feedback.example.com/" }).mail).toEqual({
      smtpUrl: "smtp://m",
      from: "Heed <heed@feedback.example.com>",
      maxConnections: 8,
    });
    expect(loadConfig({ OIDC_ISSUER: "https://sso", OIDC_CLIENT_ID: "i", OIDC_CLIENT_SECRET: "s" }).oidc).toEqual({
      issuer: "https://sso",
      clientId: "i",
      clientSecret: "s",
      allowedDomains: [],
      label: "single sign-on",
      signUpWorkspace: null,
    });
  });

  it("turns metrics on with a token or a port, and leaves them off with neither", () => {
    const token = "a".repeat(16);
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_HOST: "0.0.0.0" }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, port: undefined, host: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({ token: undefined, port: 9464, host: "0.0.0.0" });
  });

  it("turns traces on with an OTLP endpoint, read as OpenTelemetry reads its variables", () => {
    expect(loadConfig({ OTEL_SERVICE_NAME: "x", OTEL_TRACES_SAMPLER: "always_off" }).traces).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).traces).toEqual({
      endpoint: "http://collector:4318",
      headers: {},
      serviceName: "heed",
      sampler: "parentbased_always_on",
      samplerRatio: 1,
      exportDelayMs: 5000,
    });
    const set = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: "https://otlp.example.com/tenant",
      OTEL_EXPORTER_OTLP_HEADERS: "api-key=a%3Db , x-tenant=t%201,",
      OTEL_SERVICE_NAME: "feedback",
      OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
      OTEL_TRACES_SAMPLER_ARG: "0.25",
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
    expect(set.traces).toEqual({
      endpoint: "https://otlp.example.com/tenant",
      headers: { "api-key": "a=b", "x-tenant": "t 1" },
      serviceName: "feedback",
      sampler: "parentbased_traceidratio",
      samplerRatio: 0.25,
      exportDelayMs: 200,
    });
    expect(refusal({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toBe(
      "OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL (got 'collector:4318')",
    );
    // A header's value may be the collector's key: the line never shows it.
    expect(refusal({ OTEL_EXPORTER_OTLP_HEADERS: "secret-without-a-name" })).toBe(
      "OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs separated by commas (got 'a malformed pair')",
    );
    expect(refusal({ OTEL_TRACES_SAMPLER: "sometimes" })).toContain("OTEL_TRACES_SAMPLER must be always_on, always_off, traceidratio,");
    expect(refusal({ OTEL_TRACES_SAMPLER_ARG: "2" })).toBe("OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1 (got '2')");
  });

  it("reads numbers and flags in the forms it always has", () => {
    // Whole numbers as Number() reads them; 0 workers is one.
    expect([" 8 ", "1e3", "0x10", "12.0"].map((PORT) => loadConfig({ PORT }).port)).toEqual([8, 1000, 16, 12]);
    expect(loadConfig({ WORKERS: "0" }).workers).toBe(1);
    expect(loadConfig({ WORKERS: "auto" }).workers).toBe(availableParallelism());
    // SEED_DEMO is off only for 0; WEBHOOKS_ALLOW_PRIVATE is on only for 1 and true.
    expect(["0", "1", "false", "no"].map((SEED_DEMO) => loadConfig({ SEED_DEMO }).seedDemo)).toEqual([false, true, true, true]);
    const allowed = ["1", "true", "0", "TRUE", "yes"].map((WEBHOOKS_ALLOW_PRIVATE) => loadConfig({ WEBHOOKS_ALLOW_PRIVATE }).webhooks.allowPrivate);
    expect(allowed).toEqual([true, true, false, false, false]);
    // TRUST_PROXY: true is one proxy; otherwise a hop count.
    expect(["true", "1", "3", "0"].map((TRUST_PROXY) => loadConfig({ TRUST_PROXY }).rateLimit.trustProxyHops)).toEqual([1, 1, 3, 0]);
  });

  it("stops on a bad value with one line naming the variable and what it expects", () => {
    expect(refusal({ PORT: "abc" })).toBe("PORT must be a whole number (got 'abc')");
    expect(refusal({ BODY_LIMIT_BYTES: "1.5" })).toBe("BODY_LIMIT_BYTES must be a whole number (got '1.5')");
    expect(refusal({ RATE_LIMIT_PER_MINUTE: "-1" })).toBe("RATE_LIMIT_PER_MINUTE must be a whole number (got '-1')");
    expect(refusal({ WORKERS: "many" })).toBe("WORKERS must be auto or a whole number (got 'many')");
    // 0 would let an idle connection stay open for ever.
    expect(refusal({ KEEP_ALIVE_TIMEOUT_SECONDS: "0" })).toBe("KEEP_ALIVE_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600 (got '0')");
    expect(refusal({ TRUST_PROXY: "false" })).toBe("TRUST_PROXY must be true or a whole number of proxies (got 'false')");
    expect(refusal({ WEBHOOK_RETRY_SCALE: "fast" })).toBe("WEBHOOK_RETRY_SCALE must be a number of 0 or more (got 'fast')");
    expect(refusal({ BACKUP_INTERVAL_HOURS: "0" })).toBe("BACKUP_INTERVAL_HOURS must be a whole number of hours from 1 to 480 (got '0')");
    expect(refusal({ BACKUP_KEEP: "0" })).toBe("BACKUP_KEEP must be a whole number from 1 to 10000 (got '0')");
    // Scheduled backups copy a SQLite file: on PostgreSQL they would silently never happen.
    expect(refusal({ BACKUP_DIR: "/backups", DATABASE_URL: "postgres://heed@db/heed" })).toMatch(/^BACKUP_DIR works on SQLite only: .*heed backup/);
    expect(refusal({ BACKUP_DIR: "/backups", DATABASE_URL: "sqlite::memory:" })).toMatch(/^BACKUP_DIR needs a database file/);
    expect(loadConfig({ BACKUP_DIR: "/backups" }).backups).toEqual({ dir: "/backups", intervalHours: 24, keep: 7 });
    expect(refusal({ OIDC_ISSUER: "https://sso", OIDC_CLIENT_ID: "i" })).toBe("OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    expect(refusal({ SMTP_URL: "smtp://m", PUBLIC_URL: "feedback" })).toBe("MAIL_FROM is needed when PUBLIC_URL is not a URL (got 'feedback')");
    // A short metrics token is refused by its length: the line never shows the token.
    expect(refusal({ METRICS_TOKEN: "guessable" })).toBe("METRICS_TOKEN must be at least 16 characters (got '9 characters')");
    expect(refusal({ METRICS_PORT: "70000" })).toBe("METRICS_PORT must be a port from 1 to 65535 (got '70000')");
    expect(refusal({ METRICS_PORT: "3000" })).toBe("METRICS_PORT must differ from PORT (both 3000)");
    // Several bad values: all of them, still on one line.
    const several = refusal({ PORT: "x", WEBHOOK_TIMEOUT_MS: "soon" });
    expect(several).toBe("PORT must be a whole number (got 'x'); WEBHOOK_TIMEOUT_MS must be a whole number (got 'soon')");
    expect(several).not.toContain("\n");
  });
});

describe("the environment schema", () => {
  it("describes every variable", () => {
    for (const [name, schema] of Object.entries(environment.shape)) expect(schema.description, name).toMatch(/\S/);
  });

  it("names the variables README's Configuration table lists", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n\n", readme.indexOf("| variable |")));
    const documented = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z_]+)`/g)].map(([, name]) => name!));
    // LOG_LEVEL is read by the logger itself (platform/lib/log.ts); WEBHOOK_RETRY_SCALE only speeds up tests.
    expect(documented.filter((name) => name !== "LOG_LEVEL").sort()).toEqual(
      Object.keys(environment.shape)
        .filter((name) => name !== "WEBHOOK_RETRY_SCALE")
        .sort(),
    );
  });
});
