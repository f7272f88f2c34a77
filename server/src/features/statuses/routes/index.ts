import type { Operation } from "../../../http/define-operation.js";
import { createStatusOperation } from "./create.js";
import { deleteStatusOperation } from "./delete.js";
import { listStatusesOperation } from "./list.js";
import { reorderStatusesOperation } from "./reorder.js";
import { updateStatusOperation } from "./update.js";

// reorder before update: `/statuses/reorder` must not be taken for `/statuses/{id}`.
export const operations: Operation[] = [listStatusesOperation, createStatusOperation, reorderStatusesOperation, updateStatusOperation, deleteStatusOperation];
