// What other features may use from comments: everything else in this folder is its own business.

export { recordNewComment, insertComment } from "./create.js";
export { commentPage } from "./read.js";
export { listUserCommentsOperation } from "./routes/user-comments.js";
export { CommentListSchema, CommentSchema } from "./schema.js";
export type { CommentView } from "./view.js";
