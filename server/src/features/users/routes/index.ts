import type { Operation } from "../../../http/define-operation.js";
import { listUserCommentsOperation } from "../../comments/index.js";
import { deleteUserOperation } from "./delete.js";
import { eraseUserOperation } from "./erase.js";
import { exportUserOperation } from "./export.js";
import { countUserEventsOperation, listUserEventsOperation } from "./events.js";
import { getUserOperation } from "./get.js";
import { listUsersOperation } from "./list.js";
import { upsertUserOperation } from "./upsert.js";

export const operations: Operation[] = [
  listUsersOperation,
  getUserOperation,
  upsertUserOperation,
  deleteUserOperation,
  eraseUserOperation,
  exportUserOperation,
  listUserEventsOperation,
  countUserEventsOperation,
  listUserCommentsOperation,
];
