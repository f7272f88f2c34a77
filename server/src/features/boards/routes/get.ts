import { getBoard } from "../read.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { BoardSchema, boardParam } from "../schema.js";

export const getBoardOperation = defineOperation(
  {
    method: "get",
    path: "/boards/{id}",
    operationId: "getBoard",
    cache: true,
    tag: "Boards",
    summary: "Get a board",
    credential: secretKey("boards:read"),
    params: boardParam,
    answer: { status: 200, schema: BoardSchema, description: "The board." },
  },
  { verb: getBoard },
);
