import type { Schemas } from "@heed/client";

// Permission sets as people think of them: three presets, or read / write per resource. The
// resources come from the API's Scope enum (`<resource>:read|write`, or `*`).

export type Scope = Schemas["Scope"];

export const RESOURCES = [
  { id: "posts", label: "Posts" },
  { id: "comments", label: "Comments" },
  { id: "votes", label: "Votes" },
  { id: "boards", label: "Boards, statuses and tags" },
  { id: "changelog", label: "Changelog" },
  { id: "users", label: "End users and companies" },
  { id: "webhooks", label: "Webhooks" },
  { id: "api_keys", label: "API keys" },
  { id: "members", label: "Members" },
  { id: "workspace", label: "Workspace settings" },
  { id: "analytics", label: "Analytics" },
  { id: "exports", label: "Exports of the whole workspace" },
  { id: "imports", label: "Imports from Canny, UserVoice and CSV" },
  { id: "integrations", label: "Integrations: Slack, GitHub and Linear" },
] as const;

export type Access = "none" | "read" | "write";

const READ_ONLY = RESOURCES.map((r) => `${r.id}:read` as Scope);

export const PRESETS = [
  { id: "full", label: "Full access", hint: "Everything the API can do, members and ownership included.", scopes: ["*"] as Scope[] },
  { id: "read", label: "Read only", hint: "Reads everything, changes nothing.", scopes: READ_ONLY },
  { id: "posts-read", label: "Posts read only", hint: "Lists and reads posts: for a status page or a report.", scopes: ["posts:read"] as Scope[] },
  { id: "custom", label: "Custom", hint: "Choose read or write per resource.", scopes: [] as Scope[] },
] as const;

export type PresetId = (typeof PRESETS)[number]["id"];

/** The scopes of a custom set: write implies read, so one scope per resource. */
export function scopesOf(access: Record<string, Access>): Scope[] {
  return RESOURCES.flatMap((r) => (access[r.id] && access[r.id] !== "none" ? [`${r.id}:${access[r.id]}` as Scope] : []));
}

/** A key's permission set in words: a preset's name, or "Posts: write, Boards…: read". */
export function describeScopes(scopes: readonly Scope[]): string {
  const sorted = [...scopes].sort().join(" ");
  const preset = PRESETS.find((p) => p.id !== "custom" && [...p.scopes].sort().join(" ") === sorted);
  if (preset) return preset.label;
  return scopes
    .map((scope) => {
      const [resource, access] = scope.split(":");
      return `${RESOURCES.find((r) => r.id === resource)?.label ?? resource}: ${access}`;
    })
    .join(", ");
}
