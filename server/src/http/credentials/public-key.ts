import { LRUCache } from "lru-cache";
import type { Db } from "../../platform/db/database.js";
import type { Moderation, WorkspacesTable } from "../../platform/db/schema.js";
import { isWellFormedKey } from "../../platform/lib/secret-keys.js";
import { HeedError } from "../../platform/errors.js";
import { perDatabaseCache } from "../../platform/cache/registry.js";
import { readVersion, type StampRead } from "../../platform/changes/version.js";
import { DEFAULT_LANGUAGE, type Language, supportedLanguage } from "../../platform/i18n/languages.js";

/** What the customer-facing routes need to know of the workspace a public key opens. */
export interface PublicWorkspace {
  id: string;
  slug: string;
  name: string;
  portalVisibility: "public" | "private";
  identityVerification: boolean;
  identitySecret: string;
  rateLimitPerMinute: number | null;
  portalPostsPerHour: number | null;
  portalLogoUrl: string | null;
  portalAccentColor: string | null;
  portalLanguage: Language;
  portalGuestAccess: boolean;
  /** What an end user's post or comment waits for approval under (features/moderation). */
  moderation: Moderation;
  /** The workspace's version when it was read: answers cached at it are exact (freshness/version.ts). */
  version: number;
}

export function toPublicWorkspace(row: WorkspacesTable & { version: number | null }): PublicWorkspace {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    portalVisibility: row.portal_visibility,
    identityVerification: row.identity_verification === 1,
    identitySecret: row.identity_secret,
    rateLimitPerMinute: row.rate_limit_per_minute,
    portalPostsPerHour: row.portal_posts_per_hour,
    portalLogoUrl: row.portal_logo_url,
    portalAccentColor: row.portal_accent_color,
    portalLanguage: supportedLanguage(row.portal_language) ?? DEFAULT_LANGUAGE,
    portalGuestAccess: row.portal_guest_access === 1,
    moderation: row.moderation,
    version: Number(row.version ?? 0),
  };
}

// A public key's workspace is kept with the version it was read at; rotating the key or changing
// the workspace raises the version, so every instance reads it anew on its next request.
const knownKeys = perDatabaseCache("publicKeys", () => new LRUCache<string, PublicWorkspace>({ max: 10_000 }));

/** The workspace row with its version, read in one statement so both come from the same moment. */
function selectWorkspace(db: Db) {
  return db
    .selectFrom("workspaces")
    .leftJoin("workspace_versions", "workspace_versions.workspace_id", "workspaces.id")
    .selectAll("workspaces")
    .select("workspace_versions.version");
}

/**
 * The workspace of a public key, or a 401. The public key is not a secret (it ships in web pages),
 * so it is stored as it is and looked up directly; the checksum turns away noise without a query.
 */
export async function authenticatePublicKey(db: Db, key: string, stampRead: StampRead = "now"): Promise<PublicWorkspace> {
  if (key.startsWith("heed_sk_")) {
    throw new HeedError("wrong_credential_kind", "`x-service-public-key` takes the public key (`heed_pk_…`); never send a secret key from a browser.");
  }
  if (!isWellFormedKey("pk", key)) throw new HeedError("invalid_credential", "The public key is malformed.");
  const cache = knownKeys(db);
  const known = cache.get(key);
  if (known && known.version === (await readVersion(db, known.id, stampRead))) return known;
  const row = await selectWorkspace(db).where("public_key", "=", key).executeTakeFirst();
  if (!row) {
    cache.delete(key);
    throw new HeedError("invalid_credential", "The public key is unknown or was rotated.");
  }
  const workspace = toPublicWorkspace(row);
  cache.set(key, workspace);
  return workspace;
}

// A portal address's workspace, kept the same way: a new slug, or another workspace taking an old
// one, comes with a change of the workspace that left it, which raised that one's version.
const knownSlugs = perDatabaseCache("portalSlugs", () => new LRUCache<string, PublicWorkspace>({ max: 10_000 }));

/** The workspace whose portal lives at `/p/{slug}`, or undefined; its version is the current one. */
export async function findPublicWorkspaceBySlug(db: Db, slug: string): Promise<PublicWorkspace | undefined> {
  const cache = knownSlugs(db);
  const known = cache.get(slug);
  if (known && known.version === (await readVersion(db, known.id))) return known;
  const row = await selectWorkspace(db).where("slug", "=", slug).executeTakeFirst();
  if (!row) {
    cache.delete(slug);
    return undefined;
  }
  const workspace = toPublicWorkspace(row);
  cache.set(slug, workspace);
  return workspace;
}
