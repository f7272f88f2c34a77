import type { Operation } from "../../../http/define-operation.js";
import { addPostFollowerOperation, listPostFollowersOperation, removePostFollowerOperation } from "./followers.js";
import { getNotificationSettingsOperation, listNotificationsOperation, markNotificationsReadOperation, updateNotificationSettingsOperation } from "./inbox.js";
import { listPostNotificationsOperation } from "./post-notifications.js";
import { followPortalPostOperation, unfollowPortalPostOperation } from "./portal.js";
import {
  getPortalNotificationPreferencesOperation,
  getUserNotificationPreferencesOperation,
  updatePortalNotificationPreferencesOperation,
  updateUserNotificationPreferencesOperation,
} from "./preferences.js";

export const operations: Operation[] = [
  listPostFollowersOperation,
  addPostFollowerOperation,
  removePostFollowerOperation,
  listPostNotificationsOperation,
  getUserNotificationPreferencesOperation,
  updateUserNotificationPreferencesOperation,
  listNotificationsOperation,
  markNotificationsReadOperation,
  getNotificationSettingsOperation,
  updateNotificationSettingsOperation,
  followPortalPostOperation,
  unfollowPortalPostOperation,
  getPortalNotificationPreferencesOperation,
  updatePortalNotificationPreferencesOperation,
];
