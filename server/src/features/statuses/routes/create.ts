import { createStatus } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CreateStatusSchema, StatusSchema } from "../schema.js";

export const createStatusOperation = defineOperation(
  {
    method: "post",
    path: "/statuses",
    operationId: "createStatus",
    tag: "Statuses",
    summary: "Create a status",
    description: "Added at the end of the roadmap order; names are unique in the workspace (409).",
    credential: secretKey("boards:write"),
    body: CreateStatusSchema,
    answer: { status: 201, schema: StatusSchema, description: "The new status." },
  },
  { verb: createStatus },
);
