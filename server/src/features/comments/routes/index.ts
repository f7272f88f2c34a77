import type { Operation } from "../../../http/define-operation.js";
import { createCommentOperation } from "./create.js";
import { deleteCommentOperation } from "./delete.js";
import { getCommentOperation } from "./get.js";
import { listCommentsOperation } from "./list.js";
import { restoreCommentOperation } from "./restore.js";
import { updateCommentOperation } from "./update.js";

export const operations: Operation[] = [
  listCommentsOperation,
  createCommentOperation,
  getCommentOperation,
  updateCommentOperation,
  deleteCommentOperation,
  restoreCommentOperation,
];
