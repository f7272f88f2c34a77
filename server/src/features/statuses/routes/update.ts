import { updateStatus } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { StatusSchema, statusParam, UpdateStatusSchema } from "../schema.js";

export const updateStatusOperation = defineOperation(
  {
    method: "patch",
    path: "/statuses/{id}",
    operationId: "updateStatus",
    tag: "Statuses",
    summary: "Update a status",
    description:
      "Rename, recolour, change its category (its posts move with it on the roadmap) or make it the default. The default cannot be unset, only moved (409).",
    credential: secretKey("boards:write"),
    params: statusParam,
    body: UpdateStatusSchema,
    answer: { status: 200, schema: StatusSchema, description: "The updated status." },
  },
  { verb: updateStatus },
);
