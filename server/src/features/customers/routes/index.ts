import type { Operation } from "../../../http/define-operation.js";
import { identifyOperation } from "./identify.js";
import { trackOperation } from "./track.js";

export const operations: Operation[] = [identifyOperation, trackOperation];
