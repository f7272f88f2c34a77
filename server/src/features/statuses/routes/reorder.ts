import { z } from "@hono/zod-openapi";
import { reorderStatuses } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ReorderStatusesSchema, StatusSchema } from "../schema.js";

export const reorderStatusesOperation = defineOperation(
  {
    method: "post",
    path: "/statuses/reorder",
    operationId: "reorderStatuses",
    tag: "Statuses",
    summary: "Reorder the statuses",
    description: "`ids` lists every status of the workspace once, in the new roadmap order.",
    credential: secretKey("boards:write"),
    body: ReorderStatusesSchema,
    answer: { status: 200, schema: z.object({ data: z.array(StatusSchema) }), description: "Every status, in the new order." },
  },
  { verb: reorderStatuses },
);
