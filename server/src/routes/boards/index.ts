import type { Operation } from "../operation.js";
import * as createBoard from "./create.js";
import * as deleteBoard from "./delete.js";
import * as getBoard from "./get.js";
import * as listBoards from "./list.js";
import * as updateBoard from "./update.js";

export const operations: Operation[] = [listBoards, getBoard, createBoard, updateBoard, deleteBoard];
