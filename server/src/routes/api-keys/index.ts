import type { Operation } from "../operation.js";
import * as createApiKey from "./create.js";
import * as listApiKeys from "./list.js";
import * as revokeApiKey from "./revoke.js";
import * as updateApiKey from "./update.js";

export const operations: Operation[] = [listApiKeys, createApiKey, updateApiKey, revokeApiKey];
