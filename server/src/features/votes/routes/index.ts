import type { Operation } from "../../../http/define-operation.js";
import { addVoteOperation } from "./add.js";
import { listVotesOperation } from "./list.js";
import { removeVoteOperation } from "./remove.js";

export const operations: Operation[] = [listVotesOperation, addVoteOperation, removeVoteOperation];
