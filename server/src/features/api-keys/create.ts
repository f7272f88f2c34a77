import type { z } from "@hono/zod-openapi";
import { nowIso } from "../../platform/lib/clock.js";
import { newId } from "../../platform/lib/ids.js";
import { generateKey, keyPreview, sha256Hex } from "../../platform/lib/secret-keys.js";
import type { ApiKeysTable } from "../../platform/db/schema.js";
import type { CreateApiKeySchema } from "./schema.js";
import { recordChange } from "../../platform/changes/record.js";
import { inTransaction, type Ctx } from "../../platform/context.js";
import { HeedError } from "../../platform/errors.js";
import { requireOwnerForKeyScopes } from "../members/index.js";
import { requireScope } from "../../platform/scopes.js";
import { normalizeScopes, scopesBeyond } from "../../../../packages/shared/src/scopes.js";
import { type CreatedApiKeyView, toApiKeyView } from "./view.js";

export type CreateApiKeyInput = z.output<typeof CreateApiKeySchema>;

/** Mints a secret key. The key itself is returned this once; only its SHA-256 is stored. */
export async function createApiKey({ ctx, input }: { ctx: Ctx; input: CreateApiKeyInput }): Promise<CreatedApiKeyView> {
  requireScope(ctx.actor.scopes, "api_keys:write");
  const beyond = scopesBeyond(ctx.actor.scopes, input.scopes);
  if (beyond.length > 0) {
    throw new HeedError("missing_scope", `A key can only grant permissions its creator holds; missing: ${beyond.join(", ")}.`, {
      extra: { requiredScope: beyond[0] },
    });
  }
  requireOwnerForKeyScopes(ctx.actor, input.scopes);
  if (input.expiresAt && input.expiresAt <= nowIso()) {
    throw new HeedError("validation_failed", "The expiry must be in the future.", {
      errors: [{ pointer: "/expiresAt", code: "invalid", detail: "Give a time in the future." }],
    });
  }
  const key = generateKey("sk");
  const { prefix, last4 } = keyPreview(key);
  const row: ApiKeysTable = {
    id: newId("apiKey"),
    workspace_id: ctx.workspace.id,
    name: input.name,
    prefix,
    last4,
    key_hash: sha256Hex(key),
    scopes: JSON.stringify(normalizeScopes(input.scopes)),
    created_by: ctx.actor.id,
    expires_at: input.expiresAt ?? null,
    last_used_at: null,
    revoked_at: null,
    rate_limit_per_minute: input.rateLimitPerMinute ?? null,
    created_at: nowIso(),
  };
  await inTransaction(ctx, async (tx) => {
    await tx.insertInto("api_keys").values(row).execute();
    await recordChange(tx, ctx, {
      action: "api_key.created",
      objectType: "api_key",
      objectId: row.id,
      audit: { name: row.name, scopes: JSON.parse(row.scopes), expiresAt: row.expires_at },
    });
  });
  return { ...toApiKeyView(row), key };
}
