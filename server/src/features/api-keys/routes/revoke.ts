import { revokeApiKey } from "../revoke.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { ApiKeySchema } from "../schema.js";

export const revokeApiKeyOperation = defineOperation(
  {
    method: "delete",
    path: "/api-keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "The key stops working at once and stays listed with `revokedAt`. Revoking twice is harmless.",
    credential: secretKey("api_keys:write"),
    params: idParam("key", "API key"),
    answer: { status: 200, schema: ApiKeySchema, description: "The revoked key." },
  },
  { verb: revokeApiKey },
);
