import { z } from "@hono/zod-openapi";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { idOf } from "../../../platform/fields.js";
import { listAssignableMembers } from "../assignable.js";

const AssignableMemberSchema = z.object({ id: idOf("mem"), name: z.string() }).openapi("AssignableMember");

export const listAssignableMembersOperation = defineOperation(
  {
    method: "get",
    path: "/members/assignable",
    operationId: "listAssignableMembers",
    tag: "Members",
    summary: "List who a post can be assigned to",
    description: "Every member's id and name, alphabetical: the people a post can be assigned to (`ownerId`) and a comment can mention (`mentions`).",
    credential: secretKey("posts:read"),
    answer: { status: 200, schema: z.object({ data: z.array(AssignableMemberSchema) }).openapi("AssignableMemberList"), description: "The members." },
  },
  { verb: listAssignableMembers },
);
