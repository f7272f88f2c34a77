import type { z } from "@hono/zod-openapi";
import type { ApiKeysTable } from "../../platform/db/schema.js";
import type { ApiKeySchema, CreatedApiKeySchema } from "./schema.js";
import type { Scope } from "../../../../packages/shared/src/scopes.js";

/** An API key as the API shows it (never the key itself). */
export type ApiKeyView = z.output<typeof ApiKeySchema>;

/** A new key with its secret, shown this once. */
export type CreatedApiKeyView = z.output<typeof CreatedApiKeySchema>;

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
    createdBy: row.created_by,
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}
