import type { Operation } from "../../../http/define-operation.js";
import { listAuditLogOperation } from "./list.js";

export const operations: Operation[] = [listAuditLogOperation];
