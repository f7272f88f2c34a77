import { z } from "@hono/zod-openapi";
import { listBoards } from "../read.js";
import { defineOperation } from "../../../http/define-operation.js";
import { listOf, PageQuery } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { BoardSchema } from "../schema.js";

export const listBoardsOperation = defineOperation(
  {
    method: "get",
    path: "/boards",
    operationId: "listBoards",
    cache: true,
    tag: "Boards",
    summary: "List boards",
    description: "Oldest first.",
    credential: secretKey("boards:read"),
    query: z.object(PageQuery),
    answer: { status: 200, schema: listOf(BoardSchema, "BoardList"), description: "A page of boards." },
  },
  { verb: listBoards },
);
