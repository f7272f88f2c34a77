import { z } from "@hono/zod-openapi";
import { listMembers } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf, PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { MemberSchema } from "../schema.js";

export const listMembersOperation = defineOperation(
  {
    method: "get",
    path: "/members",
    operationId: "listMembers",
    tag: "Members",
    summary: "List team members",
    credential: secretKey("members:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(MemberSchema, "MemberList"), description: "A page of members." },
  },
  { verb: listMembers },
);
