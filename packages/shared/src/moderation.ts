// What an end user's post or comment waits for the team's approval under: the server's setting
// (server/src/features/moderation) and the dashboard's choice of it list these once, here.

export const MODERATION_MODES = ["off", "likely_spam", "all"] as const;

export type Moderation = (typeof MODERATION_MODES)[number];
