import type { Operation } from "../operation.js";
import * as deleteUser from "./delete.js";
import { operations as events } from "./events.js";
import * as getUser from "./get.js";
import * as listUsers from "./list.js";
import * as upsertUser from "./upsert.js";

export const operations: Operation[] = [listUsers, getUser, upsertUser, deleteUser, ...events];
