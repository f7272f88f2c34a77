import type { Operation } from "../../http/define-operation.js";
import { listMembersOperation } from "./list.js";
import { removeMemberOperation } from "./remove.js";
import { changeMemberRoleOperation } from "./update.js";

export const operations: Operation[] = [listMembersOperation, changeMemberRoleOperation, removeMemberOperation];
