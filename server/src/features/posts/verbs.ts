// Posts' write verbs, for a feature that changes posts through them (bulk jobs): kept out of
// index.ts because they use comments, which imports index.ts (docs/ARCHITECTURE.md).

export { changePostStatus } from "./status.js";
export { updatePost } from "./update.js";
