import { z } from "@hono/zod-openapi";
import { changeMemberRole } from "../../core/members/write.js";
import { defineOperation } from "../../http/define-operation.js";
import { secretKey } from "../../http/route-security.js";
import { MemberSchema, memberParam, role } from "../../schemas/members.js";

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
    body: z.strictObject({ role }).openapi("ChangeMemberRole"),
    answer: { status: 200, schema: MemberSchema, description: "The member." },
    errors: ["not_found"],
  },
  async (c) => c.json(await changeMemberRole({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, role: c.req.valid("json").role } }), 200),
);
