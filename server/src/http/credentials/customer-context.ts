import { isoAt, nowMs } from "../../platform/lib/clock.js";
import type { Ctx, Services } from "../../platform/context.js";
import type { Language } from "../../platform/i18n/languages.js";
import { HeedError } from "../../platform/errors.js";
import { DEFAULT_TOKEN_TTL_MS } from "./user-token.js";
import type { PublicWorkspace } from "./public-key.js";
import { readUserToken } from "./user-token.js";

/** A live portal session, as the end-user token's check read it. */
export interface PortalSession {
  id: string;
  /** The absolute end: no renewal goes past it. */
  expiresAtMs: number;
}

/** The end user an `x-service-user-token` names. */
export interface Viewer {
  id: string;
  externalId: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
  /** The portal session the token names (a portal sign-in), or null (identify's short-lived tokens). */
  session: PortalSession | null;
}

/**
 * The context of a customer-facing request: a public key opened the workspace, and an end-user token
 * may name the person. Verbs of this side check `requireViewer` / `requirePortalRead` first, as the
 * secret-key verbs check a scope.
 */
export interface CustomerCtx extends Ctx {
  customer: {
    workspace: PublicWorkspace;
    viewer: Viewer | null;
    /** The language the reader reads (a portal page's): status names are told in it. Null: the team's names (the JSON API). */
    language: Language | null;
  };
}

/** The context of a customer-facing request in `workspace`, acting as `viewer` (or anonymously). */
export function customerContext(
  services: Ctx["services"],
  workspace: PublicWorkspace,
  viewer: Viewer | null,
  requestId: string | null,
  language: Language | null = null,
): CustomerCtx {
  return {
    services,
    workspace: { id: workspace.id, slug: workspace.slug },
    actor: { type: "end_user", id: viewer?.id ?? null, scopes: [] },
    requestId,
    customer: { workspace, viewer, language },
  };
}

export function isCustomerCtx(ctx: Ctx): ctx is CustomerCtx {
  return "customer" in ctx;
}

/** Writes act as an identified end user. */
export function requireViewer(ctx: CustomerCtx): Viewer {
  if (!ctx.customer.viewer) {
    throw new HeedError("missing_user_token", "Identify the end user with POST /v1/identify and send its token as `x-service-user-token`.");
  }
  return ctx.customer.viewer;
}

/** A private portal shows nothing to anonymous readers. */
export function requirePortalRead(ctx: CustomerCtx): void {
  if (ctx.customer.workspace.portalVisibility === "private" && !ctx.customer.viewer) {
    throw new HeedError("missing_user_token", "This portal is private: identify the end user and send its token as `x-service-user-token`.");
  }
}

/** A minute of slack between when a token was minted and when its expiry is judged. */
const MINT_SLACK_MS = 60_000;

/**
 * The live end user a token names, or a 401 (forged, foreign, expired, the user was deleted, or its
 * portal session ended). One query either way: a portal token's session is read with its user.
 */
export async function viewerFromToken(services: Services, workspace: PublicWorkspace, token: string): Promise<Viewer> {
  const now = nowMs();
  const claims = readUserToken({ serverSecret: services.userTokenSecret, workspaceId: workspace.id, identitySecret: workspace.identitySecret }, token, now);
  const users = services.db
    .selectFrom("users as u")
    .select(["u.id", "u.external_id", "u.email", "u.name", "u.avatar_url"])
    .where("u.workspace_id", "=", workspace.id)
    .where("u.id", "=", claims.userId)
    .where("u.deleted_at", "is", null);
  let user: { id: string; external_id: string; email: string | null; name: string | null; avatar_url: string | null } | undefined;
  let session: PortalSession | null = null;
  if (claims.sessionId === null) {
    // A token without a session is identify's, and lives no longer than identify makes them: a
    // longer one is a portal cookie from before portal sessions were kept, which nobody could end.
    if (claims.expiresAtMs - now > (services.userTokenTtlMs ?? DEFAULT_TOKEN_TTL_MS) + MINT_SLACK_MS) {
      throw new HeedError("invalid_user_token", "This end-user token is from an older sign-in: sign in again.");
    }
    user = await users.executeTakeFirst();
  } else {
    const row = await users
      .innerJoin("portal_sessions as s", (join) =>
        join.onRef("s.user_id", "=", "u.id").on("s.id", "=", claims.sessionId!).on("s.workspace_id", "=", workspace.id),
      )
      .where("s.expires_at", ">", isoAt(now))
      .select("s.expires_at as session_expires_at")
      .executeTakeFirst();
    if (!row) throw new HeedError("invalid_user_token", "This sign-in has ended (signed out, or the end user was removed): sign in again.");
    user = row;
    session = { id: claims.sessionId, expiresAtMs: Date.parse(row.session_expires_at) };
  }
  if (!user) throw new HeedError("invalid_user_token", "The end user of this token no longer exists.");
  return { id: user.id, externalId: user.external_id, email: user.email, name: user.name, avatarUrl: user.avatar_url, session };
}
