import { z } from "@hono/zod-openapi";
import { listStatuses } from "../list.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf, PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { StatusSchema } from "../schema.js";

export const listStatusesOperation = defineOperation(
  {
    method: "get",
    path: "/statuses",
    operationId: "listStatuses",
    cache: true,
    tag: "Statuses",
    summary: "List statuses",
    description: "In roadmap order. Every workspace starts with Open, Under review, Planned, In progress, Complete and Closed.",
    credential: secretKey("boards:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(StatusSchema, "StatusList"), description: "A page of statuses." },
  },
  { verb: listStatuses },
);
