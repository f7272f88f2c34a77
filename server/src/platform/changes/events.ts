// Every event a webhook endpoint can subscribe to, with what its `data` holds.
export const EVENT_TYPES = {
  "post.created": "A post was created. data: the Post.",
  "post.updated": "A post's fields, tags, or merge state changed, or it was restored. data: the Post.",
  "post.status_changed": "A post moved to another status. data: {post, previousStatus, comment}.",
  "post.merged": "A post was merged into another. data: {post, into, moved}.",
  "post.deleted": "A post was deleted. data: {id, boardId, title, deletedAt}.",
  "vote.created": "An end user voted. data: {postId, voteCount, userId, user, createdBy, createdAt}.",
  "vote.deleted": "A vote was removed. data: {postId, userId, voteCount}.",
  "comment.created": "A comment was written. data: the Comment.",
  "comment.updated": "A comment was edited or moved between public and internal. data: the Comment.",
  "comment.deleted": "A comment was deleted. data: {id, postId, internal, deletedAt}.",
  "changelog.published": "A changelog entry was published. data: the ChangelogEntry.",
  "board.created": "A board was created. data: the Board.",
  "board.updated": "A board changed. data: the Board.",
  "board.deleted": "A board was deleted. data: {id, slug, name, movedPostsTo}.",
  "user.identified": "An end user was identified by the customer's app. data: the EndUser.",
  "user.erased":
    "An end user's personal data was erased (POST /v1/users/{id}/erase or DELETE /v1/users/{id}); copies in your own systems should go too. data: {id, erasedAt}.",
} as const;

export type EventType = keyof typeof EVENT_TYPES;

export const EVENT_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/** Sent by `POST /v1/webhooks/endpoints/{id}/test`, to that endpoint only. */
export const TEST_EVENT = "webhook.test";
