import type { Operation } from "../operation.js";
import { tagOperations } from "./crud.js";
import { postTagOperations } from "./post-tags.js";

export const operations: Operation[] = [...tagOperations, ...postTagOperations];
