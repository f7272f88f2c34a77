import { deleteUser } from "../erase.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";

export const deleteUserOperation = defineOperation(
  {
    method: "delete",
    path: "/users/{id}",
    operationId: "deleteUser",
    tag: "End users",
    summary: "Delete an end user",
    description:
      "The same erasure as `POST /v1/users/{id}/erase` (which answers what it removed): the person's data is erased everywhere Heed stores it and `externalId` becomes `deleted:<id>`, so the same externalId can be used again for a new end user. Their votes and comments stay, without a name. The end user answers 404 afterwards, and a second DELETE too.",
    credential: secretKey("users:write"),
    params: idParam("usr", "end user"),
    answer: { status: 204, description: "Deleted." },
  },
  { verb: deleteUser },
);
