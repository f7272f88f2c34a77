import { z } from "@hono/zod-openapi";
import { CreateApiKeyBody, UpdateApiKeyBody } from "../../../../packages/shared/src/bodies/api-keys.js";
import { documented, idOf, int32, named, withItems } from "../../platform/fields.js";

const scopes = CreateApiKeyBody.shape.scopes;
const scope = named(scopes.element, "Scope", {
  description: "`<resource>:read` or `<resource>:write` (write implies read), or `*` for full access.",
});

const rateLimitPerMinute = { ...int32, description: "Requests per minute for this key; null or absent follows the workspace's limit." };

export const ApiKeySchema = z
  .object({
    id: idOf("key"),
    name: z.string(),
    prefix: z.string().openapi({ description: "The first characters of the key, to recognise it.", example: "heed_sk_Ab3d" }),
    last4: z.string(),
    scopes: z.array(scope),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable().openapi({ description: "Updated at most once a minute." }),
    revokedAt: z.string().nullable(),
    createdBy: z.string().nullable().openapi({
      description:
        "Who minted it: a member (`mem_…`; revoked when that member is removed, unless handed to another) or a key (`key_…`); null for the operator.",
    }),
    rateLimitPerMinute: z.number().int().nullable().openapi({ description: "This key's own limit; null follows the workspace's, else the server default." }),
  })
  .openapi("ApiKey");

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().openapi({ description: "The secret key. Shown this once: store it now." }),
}).openapi("CreatedApiKey");

export const CreateApiKeySchema = documented(CreateApiKeyBody.extend({ scopes: withItems(scopes, scope) }), {
  scopes: {
    description:
      'The permission set. Presets: full access `["*"]`; read only: every `<resource>:read`; posts read only `["posts:read"]`. A key can only grant what the caller holds.',
    example: ["posts:read"],
  },
  expiresAt: { description: "When the key stops working; never when absent." },
  rateLimitPerMinute,
}).openapi("CreateApiKey");

export const UpdateApiKeySchema = documented(UpdateApiKeyBody, { rateLimitPerMinute }).openapi("UpdateApiKey");

export const ListApiKeysQuery = z.object({
  createdBy: idOf(["mem", "key"]).optional().openapi({ description: "Only the keys this member (or key) minted." }),
});
