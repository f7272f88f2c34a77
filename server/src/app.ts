import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { sql } from "kysely";
import type { Services } from "./platform/context.js";
import { HeedError } from "./platform/errors.js";
import { isMigrated } from "./platform/db/migrate.js";
import { apiDocumentOf, registerSecuritySchemes } from "./http/api-document.js";
import { cors, preflight } from "./http/cors.js";
import { formBodyLimit, limitBody } from "./http/body-limit.js";
import { registerDashboard } from "./http/dashboard.js";
import { registerDocs } from "./http/docs.js";
import { compressPages, sendStatic, StaticBody } from "./http/encodings.js";
import { registerPortal } from "./features/portal/web/routes.js";
import { portalNotFound } from "./features/portal/web/http.js";
import type { AppEnv } from "./http/env.js";
import { problemResponse, toProblem } from "./http/problem.js";
import { rateLimit, type RateLimitOptions } from "./http/rate-limit.js";
import { requestId } from "./http/request-id.js";
import { answeredBy } from "./http/metrics/requests.js";
import { securityHeaders } from "./http/security-headers.js";
import { closeAfterUnreadBody } from "./http/unread-body.js";
import { validationHook } from "./http/validation.js";
import { customerPathMatcher } from "./http/route-security.js";
import { createRateLimiter, type RateLimiter } from "./platform/ratelimit/limiter.js";
import { SIGN_IN_WINDOW_SECONDS } from "./features/accounts/sign-in-limits.js";
import { operations, registerRoutes } from "./routes.js";
import { registerWebhookDocs } from "./features/webhooks/routes/event-docs.js";

export interface AppOptions {
  bodyLimitBytes: number;
  rateLimiter: RateLimiter;
  /** Sign-in attempts per account and address; in memory unless given (main.ts shares it through Redis). */
  signInLimiter?: RateLimiter;
  /** The built dashboard (default dist/dashboard under the working directory). */
  dashboardDir?: string;
  rateLimit: RateLimitOptions;
  /** With metrics or traces on: each request's answerer is noted, for the front door that times it and ends its span (http/metrics/requests.ts). */
  noteAnswerers?: boolean;
}

/** The v1 API on its own, so its OpenAPI document has paths relative to `/v1` as the seed writes them. */
function createV1(options: Pick<AppOptions, "bodyLimitBytes">): OpenAPIHono<AppEnv> {
  const v1 = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const limit = limitBody(options.bodyLimitBytes, () => {
    throw new HeedError("payload_too_large", `The request body is over ${options.bodyLimitBytes} bytes.`);
  });
  // An import's file streams into storage with a limit of its own (IMPORT_FILE_LIMIT_BYTES).
  v1.use("*", (c, next) => (c.req.method === "POST" && c.req.path.endsWith("/imports/uploads") ? next() : limit(c, next)));
  registerRoutes(v1);
  registerWebhookDocs(v1);
  registerSecuritySchemes(v1);
  return v1;
}

/** The OpenAPI document on its own, without a database: what the typed client is generated from. */
export function apiDocument(publicUrl: string) {
  return apiDocumentOf(createV1({ bodyLimitBytes: 1 }), publicUrl);
}

export function createApp(services: Services, options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (options.noteAnswerers) app.use("*", answeredBy(operations));
  app.use("*", requestId);
  app.use("*", securityHeaders(services));
  app.use("*", closeAfterUnreadBody);
  const signInLimiter = options.signInLimiter ?? createRateLimiter({ windowSeconds: SIGN_IN_WINDOW_SECONDS });
  app.use("*", async (c, next) => {
    c.set("services", services);
    c.set("signInLimiter", signInLimiter);
    await next();
  });
  const isCustomerPath = customerPathMatcher(operations, "/v1");
  app.use("*", cors(isCustomerPath));
  app.use("*", rateLimit(options.rateLimiter, options.rateLimit));
  app.options("/v1/*", preflight(isCustomerPath));
  // /v1 has its own limit (BODY_LIMIT_BYTES, for JSON); every other body (the portal's forms) is a small form.
  app.use("*", (c, next) => (c.req.path === "/v1" || c.req.path.startsWith("/v1/") ? next() : formBodyLimit(c, next)));
  app.onError(toProblem);
  // People reach the portal's addresses: an unknown one under /p/ is a page; elsewhere, problem+json.
  app.notFound((c) =>
    c.req.path.startsWith("/p/") && c.req.method === "GET"
      ? portalNotFound(c)
      : problemResponse(c, new HeedError("not_found", `No route ${c.req.method} ${c.req.path}.`)),
  );

  app.get("/health", (c) => c.json({ status: "ok" }));
  app.get("/ready", async (c) => {
    try {
      await sql`select 1`.execute(services.db);
      if (!(await isMigrated(services.db))) throw new Error("migrations pending");
      return c.json({ status: "ready" });
    } catch {
      return problemResponse(c, new HeedError("unavailable", "The database is unreachable or not migrated."));
    }
  });

  const v1 = createV1(options);
  // The document is the same for the process's life: kept as bytes, in brotli and gzip too.
  const document = new StaticBody(Buffer.from(JSON.stringify(apiDocumentOf(v1, services.publicUrl))), "application/json");
  app.get("/openapi.json", (c) => sendStatic(c, document, {}));
  // The portal's pages, feeds and sitemap are made per request: gzipped as they go.
  app.use("/p/*", compressPages());
  registerDocs(app);
  registerDashboard(app, options.dashboardDir);
  registerPortal(app);
  app.route("/v1", v1);
  return app;
}
