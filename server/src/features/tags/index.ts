// What other features may use from tags: everything else in this folder is its own business.

export type { TagPostSchema } from "./schema.js";
export { addPostTag, removePostTag } from "./post-tags.js";
