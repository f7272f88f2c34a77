export const STATUS_CATEGORIES = ["open", "active", "complete", "closed"] as const;
