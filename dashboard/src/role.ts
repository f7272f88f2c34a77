import { useSession } from "./session.js";

// What the signed-in member's role opens, mirrored from the server's role scopes (members/roles.ts)
// so that the dashboard offers only what the API will allow. The API still decides: a page reached
// by its address answers with the server's 403.

export type Role = "owner" | "admin" | "member";

/** Settings that change the workspace (keys, webhooks, members, workspace, boards, audit) need an admin. */
export function canManageWorkspace(role: Role | undefined): boolean {
  return role === "owner" || role === "admin";
}

/** The current workspace and the member's role in it, once the session is loaded. */
export function useCurrentWorkspace(): { id: string; slug: string; name: string; role: Role } | undefined {
  const { data: session } = useSession();
  const current = session?.workspaces.find((w) => w.id === session.currentWorkspaceId);
  return current ? { id: current.id, slug: current.slug, name: current.name, role: current.role as Role } : undefined;
}
