import type { Operation } from "../../../http/define-operation.js";
import { createApiKeyOperation } from "./create.js";
import { listApiKeysOperation } from "./list.js";
import { revokeApiKeyOperation } from "./revoke.js";
import { updateApiKeyOperation } from "./update.js";

export const operations: Operation[] = [listApiKeysOperation, createApiKeyOperation, updateApiKeyOperation, revokeApiKeyOperation];
