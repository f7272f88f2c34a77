import type { Operation } from "../operation.js";
import * as createComment from "./create.js";
import * as deleteComment from "./delete.js";
import * as getComment from "./get.js";
import * as listComments from "./list.js";
import * as updateComment from "./update.js";

export const operations: Operation[] = [listComments, createComment, getComment, updateComment, deleteComment];
