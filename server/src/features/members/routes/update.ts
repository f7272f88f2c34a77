import { changeMemberRole } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { ChangeMemberRoleSchema, MemberSchema, memberParam } from "../schema.js";

export const changeMemberRoleOperation = defineOperation(
  {
    method: "patch",
    path: "/members/{id}",
    operationId: "changeMemberRole",
    tag: "Members",
    summary: "Change a member's role",
    description: "The last owner cannot stop being one (409).",
    credential: secretKey("members:write"),
    params: memberParam,
    body: ChangeMemberRoleSchema,
    answer: { status: 200, schema: MemberSchema, description: "The member." },
  },
  { verb: changeMemberRole },
);
