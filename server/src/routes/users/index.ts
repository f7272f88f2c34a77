import type { Operation } from "../operation.js";

export const operations: Operation[] = [];
