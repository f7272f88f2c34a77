// What other features use of notifications: following posts inside their verbs' transactions, the
// follower of the outbox that tells people of changes, withdrawing an undone change's notifications,
// and the worker, started with the server.
export { followAsActor, followMergedInto, followPostAs, unfollowPostAs } from "./follow-post.js";
export { notificationsFollower } from "./follower.js";
export { countEntryAudience, countStatusAudience, followerCountColumn, type PostsNamed } from "./audience.js";
export { changeEventsSince, withdrawNotificationEvents } from "./withdraw.js";
export { mailQueue } from "./queue.js";
export { dropQueuedMail, notificationMailPass, notificationPass, type NotificationOptions } from "./worker.js";
export { changePreferencesByToken, type FollowedIdea, preferencesByToken, unfollowByToken, unsubscribeByToken } from "./by-token.js";
export type { EndUserPreferences } from "./preferences.js";
export {
  followChangelogAs,
  followPortalPost,
  getPortalNotificationPreferences,
  isFollowing,
  rememberPortalLanguage,
  unfollowPortalPost,
  updatePortalNotificationPreferences,
} from "./portal.js";
