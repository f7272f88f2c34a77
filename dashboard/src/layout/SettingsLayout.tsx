import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { canManageWorkspace, useCurrentWorkspace } from "../role.js";

// Settings: the pages that shape the workspace, offered only to roles that may use them, and the
// person's own sessions, offered to everyone.

const WORKSPACE_PAGES = [
  { to: "api-keys", label: "API keys" },
  { to: "webhooks", label: "Webhooks" },
  { to: "members", label: "Members" },
  { to: "workspace", label: "Workspace" },
  { to: "boards", label: "Boards" },
  { to: "audit-log", label: "Audit log" },
];

export function SettingsLayout() {
  const workspace = useCurrentWorkspace();
  const pages = [...(canManageWorkspace(workspace?.role) ? WORKSPACE_PAGES : []), { to: "sessions", label: "Your sessions" }];
  return (
    <div className="settings">
      <nav aria-label="Settings">
        <ul>
          {pages.map((p) => (
            <li key={p.to}>
              <NavLink to={p.to}>{p.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-page">
        <Suspense
          fallback={
            <p className="loading" role="status" aria-busy="true">
              Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
