import type { Operation } from "../operation.js";
import * as identify from "./identify.js";
import * as track from "./track.js";

export const operations: Operation[] = [identify, track];
