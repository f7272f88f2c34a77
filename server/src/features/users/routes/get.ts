import { getUser } from "../get.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { UserSchema } from "../schema.js";

export const getUserOperation = defineOperation(
  {
    method: "get",
    path: "/users/{id}",
    operationId: "getUser",
    tag: "End users",
    summary: "Get an end user",
    description: "A deleted end user answers 404.",
    credential: secretKey("users:read"),
    params: idParam("usr", "end user"),
    answer: { status: 200, schema: UserSchema, description: "The end user." },
  },
  { verb: getUser },
);
