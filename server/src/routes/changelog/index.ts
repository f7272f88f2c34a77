import type { Operation } from "../operation.js";
import { entryOperations } from "./crud.js";
import { publishOperations } from "./publish.js";

export const operations: Operation[] = [...entryOperations, ...publishOperations];
