import type { Operation } from "../../../http/define-operation.js";
import { createTagOperation, deleteTagOperation, listTagsOperation, updateTagOperation } from "./crud.js";
import { addPostTagOperation, removePostTagOperation } from "./post-tags.js";

export const operations: Operation[] = [
  listTagsOperation,
  createTagOperation,
  updateTagOperation,
  deleteTagOperation,
  addPostTagOperation,
  removePostTagOperation,
];
