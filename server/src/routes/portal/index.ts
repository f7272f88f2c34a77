import type { Operation } from "../operation.js";
import * as changelog from "./changelog.js";
import { operations as comments } from "./comments.js";
import { operations as me } from "./me.js";
import { operations as posts } from "./posts.js";
import * as roadmap from "./roadmap.js";
import { operations as votes } from "./votes.js";
import * as workspace from "./workspace.js";

export const operations: Operation[] = [workspace, ...posts, ...votes, ...comments, roadmap, changelog, ...me];
