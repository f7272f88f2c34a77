import { listUsers } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ListUsersQuery, UserListSchema } from "../schema.js";

export const listUsersOperation = defineOperation(
  {
    method: "get",
    path: "/users",
    operationId: "listUsers",
    tag: "End users",
    summary: "List end users",
    description: "Newest first. Keyset-paginated: follow `nextCursor` until it is `null`. Deleted end users are left out.",
    credential: secretKey("users:read"),
    query: ListUsersQuery,
    answer: { status: 200, schema: UserListSchema, description: "A page of end users." },
  },
  { verb: listUsers },
);
