import type { Operation } from "../operation.js";
import * as addVote from "./add.js";
import * as listVotes from "./list.js";
import * as removeVote from "./remove.js";

export const operations: Operation[] = [listVotes, addVote, removeVote];
