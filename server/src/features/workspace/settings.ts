import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { generateKey } from "../../platform/lib/secret-keys.js";
import { newIdentitySecret } from "../customers/index.js";
import { listOrigins, normalizeOrigin, replaceOrigins } from "../../http/cors-origins.js";
import { HeedError } from "../../platform/errors.js";
import type { WorkspacesTable } from "../../platform/db/schema.js";
import type { IdentitySecretSchema, UpdateWorkspaceSchema, WorkspaceSchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, reader, type Ctx, type Tx } from "../../platform/context.js";
import type { Db } from "../../platform/db/database.js";
import { requireOwner } from "../members/index.js";
import { requireScope } from "../../platform/scopes.js";
import { capabilitiesOf } from "./capabilities.js";
import { moveSlug } from "./slug.js";
import { DEFAULT_LANGUAGE, supportedLanguage } from "../../platform/i18n/languages.js";

/** A workspace's settings as the API shows them. */
export type WorkspaceView = z.output<typeof WorkspaceSchema>;

/** What PATCH /workspace may change; `allowedOrigins` replaces the list. */
export type WorkspaceSettingsInput = z.output<typeof UpdateWorkspaceSchema>;

/** The identity secret, as reading and rotating it answer. */
export type IdentitySecretView = z.output<typeof IdentitySecretSchema>;

/** The row as the API shows it, with its allowed origins and whether it has its own single sign-on. */
async function workspaceView(ctx: Ctx, db: Db | Tx, row: WorkspacesTable): Promise<WorkspaceView> {
  const allowedOrigins = await listOrigins(db, row.id);
  const singleSignOn = await db.selectFrom("workspace_single_sign_on").select("workspace_id").where("workspace_id", "=", row.id).executeTakeFirst();
  return { ...toWorkspaceView(row, allowedOrigins, singleSignOn !== undefined), capabilities: capabilitiesOf(ctx.services) };
}

function toWorkspaceView(row: WorkspacesTable, allowedOrigins: string[], singleSignOn: boolean): Omit<WorkspaceView, "capabilities"> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    publicKey: row.public_key,
    portalVisibility: row.portal_visibility,
    identityVerification: row.identity_verification === 1,
    rateLimitPerMinute: row.rate_limit_per_minute,
    allowedOrigins,
    portalPostsPerHour: row.portal_posts_per_hour,
    portalLogoUrl: row.portal_logo_url,
    portalAccentColor: row.portal_accent_color,
    portalLanguage: supportedLanguage(row.portal_language) ?? DEFAULT_LANGUAGE,
    portalGuestAccess: row.portal_guest_access === 1,
    authorVotes: row.author_votes === 1,
    requireTwoFactor: row.require_two_factor === 1,
    singleSignOn,
    notificationWindowSeconds: row.notification_window_seconds,
    moderation: row.moderation,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function getWorkspace({ ctx }: { ctx: Ctx }): Promise<WorkspaceView> {
  requireScope(ctx.actor.scopes, "workspace:read");
  const db = reader(ctx);
  const row = await db.selectFrom("workspaces").selectAll().where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
  return workspaceView(ctx, db, row);
}

function originsOf(values: readonly string[]): string[] {
  return values.map((value, index) => {
    const origin = normalizeOrigin(value.trim());
    if (origin === null) {
      const detail = "An origin is scheme, host and optional port (`https://app.example.com`), or `*`.";
      throw new HeedError("validation_failed", detail, { errors: [{ pointer: `/allowedOrigins/${index}`, code: "invalid_format", detail }] });
    }
    return origin;
  });
}

export async function updateWorkspace({ ctx, input }: { ctx: Ctx; input: WorkspaceSettingsInput }): Promise<WorkspaceView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  const origins = input.allowedOrigins === undefined ? undefined : originsOf(input.allowedOrigins);
  if (input.requireTwoFactor !== undefined) requireOwner(ctx.actor, "require two-factor sign-in, or stop requiring it");
  return inTransaction(ctx, async (tx) => {
    const before = await tx.selectFrom("workspaces").selectAll().where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
    // Without verification, anyone holding the public key may identify as any user and vote as
    // them: that risk is an owner's to take. Turning it on, or sending it unchanged (a settings
    // form saved whole), stays with workspace:write.
    if (before.identity_verification === 1 && input.identityVerification === false) requireOwner(ctx.actor, "turn identity verification off");
    if (input.requireTwoFactor && before.require_two_factor === 0) await requireOwnSecondFactor(tx, ctx);
    const movesPortal = input.slug !== undefined && input.slug !== before.slug;
    if (movesPortal) await moveSlug(tx, before.id, before.slug, input.slug!);
    const row: WorkspacesTable = {
      ...before,
      name: input.name ?? before.name,
      slug: input.slug ?? before.slug,
      portal_visibility: input.portalVisibility ?? before.portal_visibility,
      identity_verification: input.identityVerification === undefined ? before.identity_verification : input.identityVerification ? 1 : 0,
      rate_limit_per_minute: input.rateLimitPerMinute === undefined ? before.rate_limit_per_minute : input.rateLimitPerMinute,
      portal_posts_per_hour: input.portalPostsPerHour === undefined ? before.portal_posts_per_hour : input.portalPostsPerHour,
      portal_logo_url: input.portalLogoUrl === undefined ? before.portal_logo_url : input.portalLogoUrl,
      portal_accent_color: input.portalAccentColor === undefined ? before.portal_accent_color : (input.portalAccentColor?.toLowerCase() ?? null),
      portal_language: input.portalLanguage ?? before.portal_language,
      portal_guest_access: input.portalGuestAccess === undefined ? before.portal_guest_access : input.portalGuestAccess ? 1 : 0,
      require_two_factor: input.requireTwoFactor === undefined ? before.require_two_factor : input.requireTwoFactor ? 1 : 0,
      notification_window_seconds: input.notificationWindowSeconds === undefined ? before.notification_window_seconds : input.notificationWindowSeconds,
      moderation: input.moderation ?? before.moderation,
      author_votes: input.authorVotes === undefined ? before.author_votes : input.authorVotes ? 1 : 0,
      updated_at: nowIso(),
    };
    await tx.updateTable("workspaces").set(row).where("id", "=", before.id).execute();
    if (origins) await replaceOrigins(tx, before.id, origins);
    const audit = movesPortal ? { ...input, previousSlug: before.slug } : { ...input };
    await recordChange(tx, ctx, { action: "workspace.updated", objectType: "workspace", objectId: before.id, audit });
    return workspaceView(ctx, tx, row);
  });
}

/**
 * An owner who requires two-factor sign-in has it: otherwise the rule would shut them out of the
 * workspace with their very next request (a key, which has no second factor to prove, may).
 */
async function requireOwnSecondFactor(tx: Tx, ctx: Ctx): Promise<void> {
  if (ctx.actor.type !== "member" || !ctx.actor.id) return;
  const account = await tx
    .selectFrom("members as m")
    .innerJoin("accounts as a", "a.id", "m.account_id")
    .select("a.totp_enabled_at")
    .where("m.id", "=", ctx.actor.id)
    .executeTakeFirst();
  if (!account?.totp_enabled_at) {
    throw new HeedError("conflict", "Turn on two-factor sign-in for yourself first (Settings, Your sessions), then require it of everyone.");
  }
}

/** The identity secret customers' servers sign `userHash` and JWTs with: a secret, so it needs write. */
export async function getIdentitySecret({ ctx }: { ctx: Ctx }): Promise<IdentitySecretView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  const row = await reader(ctx).selectFrom("workspaces").select("identity_secret").where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
  return { identitySecret: row.identity_secret };
}

/**
 * A new identity secret, at once: every `userHash` and JWT made with the old one is refused from now
 * on, and every end-user token is void (their key derives from the secret).
 */
export async function rotateIdentitySecret({ ctx }: { ctx: Ctx }): Promise<IdentitySecretView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  return inTransaction(ctx, async (tx) => {
    const identitySecret = newIdentitySecret();
    await tx.updateTable("workspaces").set({ identity_secret: identitySecret, updated_at: nowIso() }).where("id", "=", ctx.workspace.id).execute();
    await recordChange(tx, ctx, { action: "workspace.identity_secret_rotated", objectType: "workspace", objectId: ctx.workspace.id });
    return { identitySecret };
  });
}

/** A new public key, at once: pages still carrying the old one get 401 until they are updated. */
export async function rotatePublicKey({ ctx }: { ctx: Ctx }): Promise<WorkspaceView> {
  requireScope(ctx.actor.scopes, "workspace:write");
  return inTransaction(ctx, async (tx) => {
    await tx
      .updateTable("workspaces")
      .set({ public_key: generateKey("pk"), updated_at: nowIso() })
      .where("id", "=", ctx.workspace.id)
      .execute();
    await recordChange(tx, ctx, { action: "workspace.public_key_rotated", objectType: "workspace", objectId: ctx.workspace.id });
    const row = await tx.selectFrom("workspaces").selectAll().where("id", "=", ctx.workspace.id).executeTakeFirstOrThrow();
    return workspaceView(ctx, tx, row);
  });
}
