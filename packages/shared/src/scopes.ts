// Permission sets: `<resource>:read` and `<resource>:write` (write implies read), or `*`.
// `analytics` is read only: `analytics:write` exists as every resource's does, and grants the read.
// `exports` reads everything at once (the workspace's archive, end users' emails included):
// `exports:write` asks for one, `exports:read` follows and downloads it. `imports` writes many
// objects at once, past the verbs of each: `imports:write` runs and undoes an import.
// `integrations` holds the team's Slack, GitHub and Linear connections: `integrations:write`
// connects them (their tokens are never read back).
export const RESOURCES = [
  "posts",
  "comments",
  "votes",
  "boards",
  "changelog",
  "users",
  "webhooks",
  "api_keys",
  "members",
  "workspace",
  "analytics",
  "exports",
  "imports",
  "integrations",
] as const;

export type Resource = (typeof RESOURCES)[number];
export type Scope = "*" | `${Resource}:read` | `${Resource}:write`;

export const ALL_SCOPES: readonly Scope[] = ["*", ...RESOURCES.flatMap((r) => [`${r}:read` as Scope, `${r}:write` as Scope])];

export const SCOPE_PRESETS = {
  full_access: ["*"],
  read_only: RESOURCES.map((r) => `${r}:read` as Scope),
  posts_read_only: ["posts:read"],
} as const satisfies Record<string, readonly Scope[]>;

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/** Does a key holding `held` have `needed`? */
export function grants(held: readonly Scope[], needed: Scope): boolean {
  if (held.includes("*")) return true;
  if (needed === "*") return false;
  if (held.includes(needed)) return true;
  const [resource, level] = needed.split(":");
  return level === "read" && held.includes(`${resource}:write` as Scope);
}

/** The requested scopes a holder of `held` may not hand out: a key never mints more than it has. */
export function scopesBeyond(held: readonly Scope[], requested: readonly Scope[]): Scope[] {
  return requested.filter((s) => !grants(held, s));
}

/** Collapses a scope list to its canonical form: sorted, deduplicated, `read` dropped beside `write`. */
export function normalizeScopes(scopes: readonly Scope[]): Scope[] {
  if (scopes.includes("*")) return ["*"];
  const set = new Set(scopes);
  return [...set].filter((s) => !(s.endsWith(":read") && set.has(s.replace(/:read$/, ":write") as Scope))).sort();
}
