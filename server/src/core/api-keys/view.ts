import type { ApiKeysTable } from "../../db/schema.js";
import type { Scope } from "../scopes.js";

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  last4: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Requests per minute for this key; null: the workspace's limit, else the server default. */
  rateLimitPerMinute: number | null;
}

export function toApiKeyView(row: ApiKeysTable): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last4: row.last4,
    scopes: JSON.parse(row.scopes) as Scope[],
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}
