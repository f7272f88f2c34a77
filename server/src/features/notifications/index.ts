// What other features use of notifications: the announcements their verbs make inside their own
// transactions, following and unfollowing, and the worker, started with the server.
export {
  announceAssignment,
  announceChangelogEntry,
  announceComment,
  announceMerge,
  announcePostCreated,
  announceStatusChange,
  announceVote,
} from "./announce.js";
export { followPostAs, unfollowPostAs } from "./record.js";
export { notificationEventsSince, withdrawNotificationEvents } from "./withdraw.js";
export { mailQueue } from "./queue.js";
export { dropQueuedMail, notificationPass, type NotificationOptions } from "./worker.js";
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
