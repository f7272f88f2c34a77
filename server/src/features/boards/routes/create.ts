import { createBoard } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { BoardSchema, CreateBoardSchema } from "../schema.js";

export const createBoardOperation = defineOperation(
  {
    method: "post",
    path: "/boards",
    operationId: "createBoard",
    tag: "Boards",
    summary: "Create a board",
    description: "The slug must be free in the workspace (409). Emits `board.created`.",
    credential: secretKey("boards:write"),
    body: CreateBoardSchema,
    answer: { status: 201, schema: BoardSchema, description: "The new board." },
  },
  { verb: createBoard },
);
