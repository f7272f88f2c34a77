// What a team member hears of, each kind switchable per member in the dashboard and by mail: the
// server's notifications (server/src/features/notifications/kinds.ts) and the member's settings
// form list these once, here.

export const MEMBER_KINDS = ["new_post", "commented", "mentioned", "assigned"] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
