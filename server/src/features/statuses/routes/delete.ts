import { deleteStatus } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { statusParam } from "../schema.js";

export const deleteStatusOperation = defineOperation(
  {
    method: "delete",
    path: "/statuses/{id}",
    operationId: "deleteStatus",
    tag: "Statuses",
    summary: "Delete a status",
    description: "Refused (409) while any post has it, deleted posts included, and for the default status.",
    credential: secretKey("boards:write"),
    params: statusParam,
    answer: { status: 204, description: "Deleted." },
    errors: ["conflict"],
  },
  { verb: deleteStatus },
);
