import type { Operation } from "../operation.js";
import * as listStatuses from "./list.js";

export const operations: Operation[] = [listStatuses];
