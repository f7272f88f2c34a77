import { createApiKey } from "../create.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CreateApiKeySchema, CreatedApiKeySchema } from "../schema.js";

export const createApiKeyOperation = defineOperation(
  {
    method: "post",
    path: "/api-keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Create an API key",
    description: "The answer holds the key itself, once; Heed stores only its SHA-256. A key can never grant a permission its creator lacks (403).",
    credential: secretKey("api_keys:write"),
    body: CreateApiKeySchema,
    answer: { status: 201, schema: CreatedApiKeySchema, description: "The new key, with its secret." },
  },
  { verb: createApiKey },
);
