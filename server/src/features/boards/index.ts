// What other features may use from boards: everything else in this folder is its own business.

export { BoardSchema } from "./schema.js";
export { slugOf } from "./write.js";
