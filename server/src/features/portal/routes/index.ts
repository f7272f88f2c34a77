import type { Operation } from "../../../http/define-operation.js";
import { listPortalChangelogOperation } from "./changelog.js";
import { createPortalCommentOperation, listPortalCommentsOperation } from "./comments.js";
import { exportPortalMeOperation, getPortalMeOperation, listPortalMyPostsOperation, listPortalMyVotesOperation } from "./me.js";
import { getPortalPostOperation, listPortalPostsOperation, submitPortalPostOperation } from "./posts.js";
import { getPortalRoadmapOperation } from "./roadmap.js";
import { unvotePortalPostOperation, votePortalPostOperation } from "./votes.js";
import { getPortalWorkspaceOperation } from "./workspace.js";

export const operations: Operation[] = [
  getPortalWorkspaceOperation,
  listPortalPostsOperation,
  getPortalPostOperation,
  submitPortalPostOperation,
  votePortalPostOperation,
  unvotePortalPostOperation,
  listPortalCommentsOperation,
  createPortalCommentOperation,
  getPortalRoadmapOperation,
  listPortalChangelogOperation,
  getPortalMeOperation,
  exportPortalMeOperation,
  listPortalMyVotesOperation,
  listPortalMyPostsOperation,
];
