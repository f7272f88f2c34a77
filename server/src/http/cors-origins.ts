import { LRUCache } from "lru-cache";
import type { Db } from "../platform/db/database.js";
import { perDatabaseCache } from "../platform/cache/registry.js";
import type { Tx } from "../platform/context.js";

// CORS for the customer-facing routes. Each workspace lists the browser origins allowed to call it
// (`*` for any). A preflight carries no public key, so it is answered when any workspace allows the
// origin; the request that follows carries the key and is refused unless its own workspace does.

export const ANY_ORIGIN = "*";

/** `https://app.example.com` form (scheme, host, port; no path), or null when it is not an origin. */
export function normalizeOrigin(value: string): string | null {
  if (value === ANY_ORIGIN) return ANY_ORIGIN;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "")) return null;
  return url.origin;
}

export async function workspaceAllowsOrigin(db: Db, workspaceId: string, origin: string): Promise<boolean> {
  const row = await db
    .selectFrom("workspace_origins")
    .select("origin")
    .where("workspace_id", "=", workspaceId)
    .where("origin", "in", [origin, ANY_ORIGIN])
    .executeTakeFirst();
  return row !== undefined;
}

export async function anyWorkspaceAllowsOrigin(db: Db, origin: string): Promise<boolean> {
  const row = await db.selectFrom("workspace_origins").select("origin").where("origin", "in", [origin, ANY_ORIGIN]).limit(1).executeTakeFirst();
  return row !== undefined;
}

// The portal asks for a workspace's origins on every page (who may frame it): kept per workspace
// with the version they were read at, which changing them raises (features/workspace/settings.ts).
const keptOrigins = perDatabaseCache("workspaceOrigins", () => new LRUCache<string, { version: number; origins: string[] }>({ max: 10_000 }));

/**
 * The workspace's origins as of `version`, the workspace's current version (read with the workspace
 * on this request): read once per version.
 */
export async function originsAt(db: Db, workspace: { id: string; version: number }): Promise<string[]> {
  const cache = keptOrigins(db);
  const known = cache.get(workspace.id);
  if (known?.version === workspace.version) return known.origins;
  const origins = await listOrigins(db, workspace.id);
  cache.set(workspace.id, { version: workspace.version, origins });
  return origins;
}

export async function listOrigins(db: Db | Tx, workspaceId: string): Promise<string[]> {
  const rows = await db.selectFrom("workspace_origins").select("origin").where("workspace_id", "=", workspaceId).orderBy("origin").execute();
  return rows.map((r) => r.origin);
}

export async function replaceOrigins(tx: Tx, workspaceId: string, origins: readonly string[]): Promise<void> {
  await tx.deleteFrom("workspace_origins").where("workspace_id", "=", workspaceId).execute();
  if (origins.length > 0) {
    await tx
      .insertInto("workspace_origins")
      .values([...new Set(origins)].map((origin) => ({ workspace_id: workspaceId, origin })))
      .execute();
  }
}
