import type { Operation } from "../operation.js";
import * as createStatus from "./create.js";
import * as deleteStatus from "./delete.js";
import * as listStatuses from "./list.js";
import * as reorderStatuses from "./reorder.js";
import * as updateStatus from "./update.js";

// reorder before update: `/statuses/reorder` must not be taken for `/statuses/{id}`.
export const operations: Operation[] = [listStatuses, createStatus, reorderStatuses, updateStatus, deleteStatus];
