import type { Scope } from "./scopes.js";

// A team member's role, and what it lets their dashboard session do, as the scopes an API key would
// hold: the session opens the same routes a key does. `admin` holds every scope; the server's member
// verbs keep ownership (making, changing or removing an owner) to owners (\`owner_only\`). The
// dashboard reads the same table to offer only what the API will allow.

export const ROLES = ["owner", "admin", "member"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: ["*"],
  admin: ["*"],
  member: ["posts:write", "comments:write", "votes:write", "changelog:write", "boards:read", "users:read", "analytics:read", "integrations:read"],
};
