// What other features may use from posts: everything else in this folder is its own business.

export { noteActivity } from "./activity-marks.js";
export { recordNewPost, insertPost } from "./create.js";
export { matchingPosts, postPage } from "./list.js";
export { checkAuthor, checkBoard, checkOwner, checkTags, resolveStatus } from "./references.js";
export { checkFilterReferences } from "./filter-references.js";
export { recountPosts } from "./recount.js";
export { postsVotedByCompany, recountRevenue } from "./revenue.js";
export { postsLike } from "./similar.js";
export { DUPLICATES_POLL_MS, duplicateCheckPass, duplicateChecksPass } from "./duplicates/worker.js";
export { duplicatesFollower } from "./duplicates/follower.js";
export { ListPostsQuery, PostSchema, StatusRefSchema, type PostSort } from "./schema.js";
export { TRENDING_WINDOW_MS } from "./trending.js";
export { findPost, publicBoardIds, selectPosts, toPostViews, type PostRow, type PostView } from "./view.js";
