import { removeMember } from "../../core/members/write.js";
import { defineOperation } from "../../http/define-operation.js";
import { secretKey } from "../../http/route-security.js";
import { memberParam } from "../../schemas/members.js";

export const removeMemberOperation = defineOperation(
  {
    method: "delete",
    path: "/members/{id}",
    operationId: "removeMember",
    tag: "Members",
    summary: "Remove a member",
    description: "The last owner cannot be removed (409). Their posts and comments stay.",
    credential: secretKey("members:write"),
    params: memberParam,
    answer: { status: 204, description: "Removed." },
    errors: ["not_found", "conflict"],
  },
  async (c) => {
    await removeMember({ ctx: c.get("ctx"), input: c.req.valid("param") });
    return c.body(null, 204);
  },
);
