import { z } from "@hono/zod-openapi";
import { listApiKeys } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf, PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { ApiKeySchema, ListApiKeysQuery } from "../schema.js";

export const listApiKeysOperation = defineOperation(
  {
    method: "get",
    path: "/api-keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "List API keys",
    description:
      "Newest first, revoked keys included; `createdBy` narrows to the keys one member (or key) minted. Keys show only their prefix and last 4 characters.",
    credential: secretKey("api_keys:read"),
    query: z.object(PageQuery).extend(ListApiKeysQuery.shape),
    answer: { status: 200, schema: listOf(ApiKeySchema, "ApiKeyList"), description: "A page of API keys." },
  },
  { verb: listApiKeys },
);
