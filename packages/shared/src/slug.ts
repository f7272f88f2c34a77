// A workspace's slug: its part of the portal's address (/p/{slug}), the same rule when a workspace
// is made and when its slug changes, and what the portal's addresses are read by.

export const WORKSPACE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

export const WORKSPACE_SLUG_RULE = "Use 1–48 lowercase letters, digits and inner dashes.";
