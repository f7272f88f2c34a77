import type { Operation } from "../../../http/define-operation.js";
import {
  createChangelogEntryOperation,
  deleteChangelogEntryOperation,
  getChangelogEntryOperation,
  listChangelogOperation,
  updateChangelogEntryOperation,
} from "./crud.js";
import { publishChangelogEntryOperation, unpublishChangelogEntryOperation } from "./publish.js";

export const operations: Operation[] = [
  listChangelogOperation,
  getChangelogEntryOperation,
  createChangelogEntryOperation,
  updateChangelogEntryOperation,
  deleteChangelogEntryOperation,
  publishChangelogEntryOperation,
  unpublishChangelogEntryOperation,
];
