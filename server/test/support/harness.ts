import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.js";
import { withFrontDoor } from "../../src/http/front-door/index.js";
import { operations } from "../../src/routes.js";
import type { OidcSettings } from "../../src/platform/context.js";
import { createMailer } from "../../src/platform/mail/mailer.js";
import { createRateLimiter } from "../../src/platform/ratelimit/limiter.js";
import { createApiKey } from "../../src/features/api-keys/create.js";
import { userHash } from "../../src/features/customers/identity-proof.js";
import { SYSTEM_ACTOR, type Ctx, type Services } from "../../src/platform/context.js";
import type { Scope } from "../../../packages/shared/src/scopes.js";
import { createWorkspace } from "../../src/features/workspace/create.js";
import { serverSecret } from "../../src/platform/db/secrets.js";
import type { WorkspacesTable } from "../../src/platform/db/schema.js";
import { freshDatabase, type TestDatabase } from "./database.js";

// One started server per test file, on a real database and a real socket; each test makes fresh
// workspaces with `h.workspace()`, so tests never see each other's data.

export interface TestWorkspace {
  row: WorkspacesTable;
  id: string;
  slug: string;
  publicKey: string;
  /** The operator's context in this workspace, for setting up data through the domain verbs. */
  ctx: Ctx;
  /** A new secret key with these scopes (default: full access). */
  key(scopes?: Scope[]): Promise<string>;
  /** A board id of this workspace (its default board). */
  boardId(): Promise<string>;
  /** Identifies an end user through `POST /v1/identify`, as a customer's app does: signed with `userHash`. */
  identify(externalId?: string): Promise<{ userId: string; token: string }>;
  /** The `userHash` a customer's server computes for this user id, with the workspace's current identity secret. */
  userHash(externalId: string): Promise<string>;
  /** Headers of a customer-facing call: the public key, and the end-user token when given. */
  customer(token?: string): Record<string, string>;
}

export interface Harness {
  url: string;
  database: TestDatabase;
  services: Services;
  workspace(): Promise<TestWorkspace>;
  /** fetch against the server; `key` becomes a bearer token, `json` the body. */
  call(method: string, path: string, options?: CallOptions): Promise<TestResponse>;
}

export interface CallOptions {
  key?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read what they asserted on; `any` keeps them short
  body: any;
}

export interface HarnessOptions {
  bodyLimitBytes?: number;
  /** Requests per window per bucket; high by default so that suites are not throttled. */
  rateLimit?: number;
  rateLimitWindowSeconds?: number;
  trustProxyHops?: number;
  /** Mail through this SMTP server (support/smtp.ts), as SMTP_URL would. */
  smtpUrl?: () => string;
  /** Single sign-on through this provider (support/oidc-provider.ts), as OIDC_ISSUER would. */
  oidc?: () => OidcSettings;
  /** PUBLIC_URL is the served address itself (browser tests: pages post to their own origin). */
  publicUrlIsServed?: boolean;
  /** PUBLIC_URL, when not the default http://heed.test (say, an https one, to see Secure cookies). */
  publicUrl?: string;
}

export function useHarness(options: HarnessOptions = {}): Harness {
  let server: ServerType | undefined;
  const h = {} as Harness;

  beforeAll(async () => {
    const database = await freshDatabase();
    const services: Services = {
      db: database.db,
      dialect: database.dialect,
      publicUrl: options.publicUrl ?? "http://heed.test",
      cursorSecret: await serverSecret(database.db, "cursor"),
      userTokenSecret: await serverSecret(database.db, "user-token"),
      notificationSecret: await serverSecret(database.db, "notifications"),
      // Test receivers listen on loopback.
      webhooksAllowPrivate: true,
      mailer: options.smtpUrl ? createMailer({ smtpUrl: options.smtpUrl(), from: "Heed <heed@heed.test>" }) : undefined,
      oidc: options.oidc?.(),
      // Integrations' tokens are sealed with a key of this run; the providers are nowhere until a
      // test points one at its fake (support/providers/).
      integrations: {
        key: randomBytes(32),
        githubApiUrl: "http://127.0.0.1:9",
        linearApiUrl: "http://127.0.0.1:9/graphql",
        slackApiUrl: "http://127.0.0.1:9/api/",
        slackHooksUrl: "http://127.0.0.1:9/services/",
      },
    };
    const rateLimiter = createRateLimiter({ windowSeconds: options.rateLimitWindowSeconds ?? 60 });
    const rateLimit = { defaultLimit: options.rateLimit ?? 1_000_000, trustProxyHops: options.trustProxyHops ?? 0 };
    const app = createApp(services, { bodyLimitBytes: options.bodyLimitBytes ?? 1024 * 1024, rateLimiter, rateLimit });
    // Served as main.ts serves it: the front door before the app.
    const createServer = withFrontDoor({ services, rateLimiter, rateLimit, operations });
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0, createServer }, (info: AddressInfo) => resolve(info.port));
    });
    if (options.publicUrlIsServed) services.publicUrl = `http://127.0.0.1:${port}`;
    Object.assign(h, {
      url: `http://127.0.0.1:${port}`,
      database,
      services,
      workspace: () => makeWorkspace(services, h),
      call: (method: string, path: string, o: CallOptions = {}) => call(`http://127.0.0.1:${port}`, method, path, o),
    });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    h.services?.mailer?.close();
    await h.database?.drop();
  });

  return h;
}

async function makeWorkspace(services: Services, h: Harness): Promise<TestWorkspace> {
  const slug = `t-${randomBytes(5).toString("hex")}`;
  const row = await createWorkspace(services.db, { slug, name: `Test ${slug}` });
  const ctx: Ctx = { services, workspace: { id: row.id, slug }, actor: SYSTEM_ACTOR, requestId: null };
  // New workspaces verify identities; read the secret each time, since a test may rotate it.
  const signed = async (externalId: string) => {
    const { identity_secret } = await services.db.selectFrom("workspaces").select("identity_secret").where("id", "=", row.id).executeTakeFirstOrThrow();
    return userHash(identity_secret, externalId);
  };
  return {
    row,
    id: row.id,
    slug,
    publicKey: row.public_key,
    ctx,
    key: async (scopes: Scope[] = ["*"]) => (await createApiKey({ ctx, input: { name: "test", scopes } })).key,
    boardId: async () => (await services.db.selectFrom("boards").select("id").where("workspace_id", "=", row.id).orderBy("id").executeTakeFirstOrThrow()).id,
    customer: (token?: string) => ({ "x-service-public-key": row.public_key, ...(token ? { "x-service-user-token": token } : {}) }),
    userHash: signed,
    identify: async (externalId = `person-${randomBytes(5).toString("hex")}`) => {
      const res = await h.call("POST", "/v1/identify", {
        headers: { "x-service-public-key": row.public_key },
        json: { userId: externalId, name: `Person ${externalId}`, userHash: await signed(externalId) },
      });
      if (res.status !== 200) throw new Error(`identify answered ${res.status}: ${JSON.stringify(res.body)}`);
      return { userId: res.body.user.id, token: res.body.token };
    },
  };
}

async function call(base: string, method: string, path: string, o: CallOptions): Promise<TestResponse> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  let body = o.body;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers["content-type"] ??= "application/json";
  }
  let response: Response;
  try {
    response = await fetch(base + path, { method, headers, body });
  } catch (error) {
    throw new Error(`${method} ${path} with ${body?.length ?? 0} body bytes failed: ${(error as Error).cause ?? error}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}
