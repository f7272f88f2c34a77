import type { Operation } from "../../../http/define-operation.js";
import { createBoardOperation } from "./create.js";
import { deleteBoardOperation } from "./delete.js";
import { getBoardOperation } from "./get.js";
import { listBoardsOperation } from "./list.js";
import { reorderBoardsOperation } from "./reorder.js";
import { updateBoardOperation } from "./update.js";

export const operations: Operation[] = [
  listBoardsOperation,
  reorderBoardsOperation,
  getBoardOperation,
  createBoardOperation,
  updateBoardOperation,
  deleteBoardOperation,
];
