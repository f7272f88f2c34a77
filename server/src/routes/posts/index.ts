import type { Operation } from "../operation.js";
import { postActionOperations } from "./actions.js";
import { mergeOperations } from "./merge.js";
import * as createPost from "./create.js";
import * as deletePost from "./delete.js";
import * as getPost from "./get.js";
import * as listPosts from "./list.js";
import * as updatePost from "./update.js";

export const operations: Operation[] = [listPosts, getPost, createPost, updatePost, deletePost, ...postActionOperations, ...mergeOperations];
