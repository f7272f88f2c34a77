import { isoAt, nowIso, nowMs } from "../../lib/clock.js";
import { isWellFormedKey, sha256Hex } from "../../lib/secret-keys.js";
import type { Db } from "../../db/database.js";
import { HeedError } from "../errors.js";
import type { Scope } from "../scopes.js";
import type { WorkspaceRef } from "../context.js";

export interface AuthenticatedKey {
  workspace: WorkspaceRef;
  keyId: string;
  scopes: Scope[];
  /** The key's own limit, else its workspace's, else null for the server default. */
  rateLimitPerMinute: number | null;
}

// lastUsedAt is for people ("is this key still in use?"), so minute precision is enough and saves
// a write on almost every request.
const LAST_USED_PRECISION_MS = 60_000;

/** Resolves a secret key to its workspace and scopes, or refuses with 401. */
export async function authenticateSecretKey(db: Db, key: string): Promise<AuthenticatedKey> {
  const invalid = () => new HeedError("invalid_credential", "The API key is unknown, revoked or expired.");
  if (!isWellFormedKey("sk", key)) throw invalid();
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("workspaces", "workspaces.id", "api_keys.workspace_id")
    .select([
      "api_keys.id",
      "api_keys.scopes",
      "api_keys.expires_at",
      "api_keys.revoked_at",
      "api_keys.last_used_at",
      "api_keys.rate_limit_per_minute",
      "workspaces.id as workspace_id",
      "workspaces.slug as workspace_slug",
      "workspaces.rate_limit_per_minute as workspace_rate_limit",
    ])
    .where("api_keys.key_hash", "=", sha256Hex(key))
    .executeTakeFirst();
  if (!row || row.revoked_at || (row.expires_at && row.expires_at <= nowIso())) throw invalid();
  if (!row.last_used_at || row.last_used_at < isoAt(nowMs() - LAST_USED_PRECISION_MS)) {
    await db.updateTable("api_keys").set({ last_used_at: nowIso() }).where("id", "=", row.id).execute();
  }
  return {
    workspace: { id: row.workspace_id, slug: row.workspace_slug },
    keyId: row.id,
    scopes: JSON.parse(row.scopes) as Scope[],
    rateLimitPerMinute: row.rate_limit_per_minute ?? row.workspace_rate_limit,
  };
}
