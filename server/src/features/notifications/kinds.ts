import { MEMBER_KINDS, type MemberKind } from "../../../../packages/shared/src/notification-kinds.js";

// The words of notifications, each list written once: a member's kinds in packages/shared, where
// the dashboard's settings form reads them too.

export { MEMBER_KINDS, type MemberKind } from "../../../../packages/shared/src/notification-kinds.js";

/**
 * What happened, as written with the change (one row per change): who hears of it, and as what,
 * is decided when it is fanned out after commit (fanout.ts).
 */
export const EVENT_KINDS = ["post_created", "post_status", "post_comment", "post_merged", "post_assigned", "changelog_published"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What an end user hears of: never a team's internal note, never another end user's comment. */
export const END_USER_KINDS = ["status_changed", "team_replied", "merged", "changelog_answered", "changelog_published"] as const;

export const NOTIFICATION_KINDS = [...END_USER_KINDS, ...MEMBER_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Why someone follows a post. */
export const FOLLOW_REASONS = ["created", "voted", "commented", "followed", "owner", "mentioned", "merged"] as const;
export type FollowReason = (typeof FOLLOW_REASONS)[number];

/** How an end user hears by mail: gathered per change, a digest, or not at all. */
export const EMAIL_CHOICES = ["instant", "daily", "weekly", "off"] as const;

/** A member's choice for one kind: in the dashboard's list, by mail. */
export interface Channels {
  inApp: boolean;
  email: boolean;
}

/**
 * What a member hears before they choose: everything in the dashboard; by mail what is addressed
 * to them or answers them (mentions, assignments, comments on what they follow), not every new post.
 */
export const MEMBER_DEFAULTS: Record<MemberKind, Channels> = {
  new_post: { inApp: true, email: false },
  commented: { inApp: true, email: true },
  mentioned: { inApp: true, email: true },
  assigned: { inApp: true, email: true },
};

/** A member's stored choices over the defaults; unknown keys (from an older version) are ignored. */
export function memberChannels(stored: string): Record<MemberKind, Channels> {
  const parsed = JSON.parse(stored) as Partial<Record<string, Partial<Channels>>>;
  const out = { ...MEMBER_DEFAULTS };
  for (const kind of MEMBER_KINDS) out[kind] = { ...MEMBER_DEFAULTS[kind], ...parsed[kind] };
  return out;
}
