import { updateApiKey } from "../update.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { ApiKeySchema, UpdateApiKeySchema } from "../schema.js";

export const updateApiKeyOperation = defineOperation(
  {
    method: "patch",
    path: "/api-keys/{id}",
    operationId: "updateApiKey",
    tag: "API keys",
    summary: "Rename a key or set its rate limit",
    description: "Scopes never change: mint a new key instead.",
    credential: secretKey("api_keys:write"),
    params: idParam("key", "API key"),
    body: UpdateApiKeySchema,
    answer: { status: 200, schema: ApiKeySchema, description: "The key." },
  },
  { verb: updateApiKey },
);
