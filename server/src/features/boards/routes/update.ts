import { updateBoard } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { BoardSchema, boardParam, UpdateBoardSchema } from "../schema.js";

export const updateBoardOperation = defineOperation(
  {
    method: "patch",
    path: "/boards/{id}",
    operationId: "updateBoard",
    tag: "Boards",
    summary: "Update a board",
    description: "Changes only the fields given. Emits `board.updated`.",
    credential: secretKey("boards:write"),
    params: boardParam,
    body: UpdateBoardSchema,
    answer: { status: 200, schema: BoardSchema, description: "The updated board." },
  },
  { verb: updateBoard },
);
