import type { Operation } from "../operation.js";
import * as listBoards from "./list.js";

export const operations: Operation[] = [listBoards];
