import { deleteBoard } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { boardParam, DeleteBoardQuery } from "../schema.js";

export const deleteBoardOperation = defineOperation(
  {
    method: "delete",
    path: "/boards/{id}",
    operationId: "deleteBoard",
    tag: "Boards",
    summary: "Delete a board",
    description:
      "Refused with 409 while the board holds posts (deleted posts included), unless `movePostsTo` names another board to move them to. Emits `board.deleted`.",
    credential: secretKey("boards:write"),
    params: boardParam,
    query: DeleteBoardQuery,
    answer: { status: 204, description: "Deleted." },
    errors: ["conflict"],
  },
  { verb: deleteBoard },
);
