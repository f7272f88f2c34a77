import type { Operation } from "../../../http/define-operation.js";
import { changePostStatusOperation, listPostActivityOperation, restorePostOperation } from "./actions.js";
import { createPostOperation } from "./create.js";
import { deletePostOperation } from "./delete.js";
import { listDeletedPostsOperation } from "./deleted.js";
import { getPostOperation } from "./get.js";
import { listPostsOperation } from "./list.js";
import { mergePostOperation, unmergePostOperation } from "./merge.js";
import { listMergedPostsOperation } from "./merged.js";
import { dismissPossibleDuplicateOperation, listSimilarPostsOperation } from "./similar.js";
import { markPostsSeenOperation } from "./seen.js";
import { countPostsByStatusOperation } from "./status-counts.js";
import { updatePostOperation } from "./update.js";

export const operations: Operation[] = [
  listPostsOperation,
  // Before /posts/{id}, which would otherwise take `status-counts` and `deleted` for ids.
  countPostsByStatusOperation,
  listDeletedPostsOperation,
  getPostOperation,
  createPostOperation,
  updatePostOperation,
  deletePostOperation,
  changePostStatusOperation,
  restorePostOperation,
  listPostActivityOperation,
  listSimilarPostsOperation,
  dismissPossibleDuplicateOperation,
  markPostsSeenOperation,
  mergePostOperation,
  unmergePostOperation,
  listMergedPostsOperation,
];
