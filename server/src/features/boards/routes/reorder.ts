import { z } from "@hono/zod-openapi";
import { reorderBoards } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { BoardSchema, ReorderBoardsSchema } from "../schema.js";

export const reorderBoardsOperation = defineOperation(
  {
    method: "post",
    path: "/boards/reorder",
    operationId: "reorderBoards",
    tag: "Boards",
    summary: "Reorder the boards",
    description: "`ids` lists every board of the workspace once, in the order the dashboard and the portal show them.",
    credential: secretKey("boards:write"),
    body: ReorderBoardsSchema,
    answer: { status: 200, schema: z.object({ data: z.array(BoardSchema) }), description: "Every board, in the new order." },
  },
  { verb: reorderBoards },
);
