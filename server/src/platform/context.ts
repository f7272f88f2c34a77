import type { ActorType } from "./changes/vocabulary.js";
import type { Transaction } from "kysely";
import type { Db, Dialect } from "./db/database.js";
import type { Database } from "./db/schema.js";
import type { BlobStore } from "./blobs/store.js";
import type { Mailer } from "./mail/mailer.js";
import type { Role } from "../../../packages/shared/src/roles.js";
import type { Scope } from "../../../packages/shared/src/scopes.js";

export type Tx = Transaction<Database>;

/** What a verb may use beside its input: built once at start-up. */
export interface Services {
  db: Db;
  dialect: Dialect;
  /** Base of links to the portal, e.g. `http://127.0.0.1:3000`. */
  publicUrl: string;
  /** HMAC key for list cursors, shared by every instance through the database. */
  cursorSecret: Buffer;
  /** Server-wide part of the key that signs end-user tokens (with each workspace's identity secret). */
  userTokenSecret: Buffer;
  /** HMAC key of the links in notification mail (unsubscribe, preferences), shared through the database. */
  notificationSecret: Buffer;
  /** How long an end-user token from POST /v1/identify lives (default 1 h). */
  userTokenTtlMs?: number;
  /** How long an answered Idempotency-Key is remembered (default 24 h). */
  idempotencyTtlMs?: number;
  /** WEBHOOKS_ALLOW_PRIVATE=1: webhook targets may be private or loopback addresses (self-hosting, tests). */
  webhooksAllowPrivate?: boolean;
  /** With SMTP_URL: invites and password resets are mailed too. */
  mailer?: Mailer;
  /** With OIDC_ISSUER: single sign-on through that provider. */
  oidc?: OidcSettings;
  /** CANNY_BASE_URL: where Canny imports read from (default https://canny.io); an API caller cannot name another. */
  cannyBaseUrl?: string;
  /** IMPORT_FILE_LIMIT_BYTES: the largest file an import takes (default 256 MiB). */
  importFileLimitBytes?: number;
  /** Where exports and uploads are kept (platform/blobs); without it, in the database's chunk tables. */
  blobs?: BlobStore;
  /** Slack, GitHub and Linear: the key their credentials are sealed with and where each provider is reached. */
  integrations?: IntegrationSettings;
}

/** INTEGRATIONS_KEY and the providers' addresses (config.ts); a caller never names another address. */
export interface IntegrationSettings {
  key: Buffer | undefined;
  githubApiUrl: string;
  linearApiUrl: string;
  slackApiUrl: string;
  /** Incoming-webhook URLs must start with it (no request to an address the caller picks). */
  slackHooksUrl: string;
  /** How long one call to a provider may take (default 10 s; tests shorten it). */
  timeoutMs?: number;
}

/** The server's own OpenID Connect provider (OIDC_ISSUER), or a workspace's. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Email domains that may sign up through the provider; empty: only existing accounts sign in. */
  allowedDomains: string[];
  /**
   * The one workspace those sign-ups join (OIDC_WORKSPACE): the provider is the server's, but its
   * people are one team's. Without it nobody signs up, and every other workspace needs an invite.
   */
  signUpWorkspace: string | null;
  /** What the sign-in page's button says, e.g. "Okta". */
  label: string;
}

export interface Actor {
  type: ActorType;
  id: string | null;
  scopes: readonly Scope[];
  /** A member acting through the dashboard: their role, which keeps ownership to owners. */
  role?: Role;
}

/** The operator acting through the `heed` command or start-up: holds every permission. */
export const SYSTEM_ACTOR: Actor = { type: "system", id: null, scopes: ["*"] };

export interface WorkspaceRef {
  id: string;
  slug: string;
}

/** Who is acting, in which workspace, for which request: the first argument of every verb. */
export interface Ctx {
  services: Services;
  workspace: WorkspaceRef;
  actor: Actor;
  requestId: string | null;
  /**
   * A transaction opened around the whole request (the idempotency layer does this so that the
   * stored response commits with the write). Verbs join it instead of opening their own.
   */
  tx?: Tx;
  /** Undoing a bulk change (features/bulk): the change is recorded and sent to webhooks, but nobody is notified. */
  quiet?: boolean;
  /** The integration a change comes from (a tracker's webhook): its events are not sent back to it. */
  origin?: string;
}

/** Runs `fn` in the request's transaction, or in a new one: one verb, one transaction. */
export function inTransaction<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (ctx.tx) return fn(ctx.tx);
  return ctx.services.db.transaction().execute(fn);
}

/**
 * Serialises the transactions that check a workspace-wide rule before writing (at least one owner,
 * one default status, no merge chains). PostgreSQL runs them side by side at READ COMMITTED, so
 * each takes the workspace row's lock first; SQLite runs one writer at a time already.
 */
export async function lockWorkspace(tx: Tx, ctx: Ctx): Promise<void> {
  if (ctx.services.dialect !== "postgres") return;
  await tx.selectFrom("workspaces").select("id").where("id", "=", ctx.workspace.id).forUpdate().execute();
}

/** The connection a read should use: the request's transaction when there is one. */
export function reader(ctx: Ctx): Db | Tx {
  return ctx.tx ?? ctx.services.db;
}
