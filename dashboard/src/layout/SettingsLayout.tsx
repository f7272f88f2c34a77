import { Suspense } from "react";
import { Navigate, NavLink, Outlet, useLocation } from "react-router";
import { canManageWorkspace, useCurrentWorkspace } from "../role.js";

// Settings: the pages that shape the workspace, offered only to roles that may use them, and the
// person's own notifications and sessions, offered to everyone.

const WORKSPACE_PAGES = [
  { to: "api-keys", label: "API keys" },
  { to: "webhooks", label: "Webhooks" },
  { to: "integrations", label: "Integrations" },
  { to: "members", label: "Members" },
  { to: "workspace", label: "Workspace" },
  { to: "boards", label: "Boards" },
  { to: "import", label: "Import" },
  { to: "audit-log", label: "Audit log" },
];

/**
 * /app/settings itself: the workspace's own settings for those who may change them, and a
 * member's notifications for everyone else (it landed on "Your sessions", which nobody looks for).
 */
export function SettingsHome() {
  const workspace = useCurrentWorkspace();
  return <Navigate to={canManageWorkspace(workspace?.role) ? "workspace" : "notifications"} replace />;
}

export function SettingsLayout() {
  const workspace = useCurrentWorkspace();
  const location = useLocation();
  const manages = canManageWorkspace(workspace?.role);
  const pages = [...(manages ? WORKSPACE_PAGES : []), { to: "notifications", label: "Notifications" }, { to: "sessions", label: "Your sessions" }];
  // A member who types a workspace page's address learns why it is closed, rather than meeting
  // the API's 403 in a broken page. (The API refuses them all the same.)
  const closed = !manages && WORKSPACE_PAGES.some((p) => location.pathname.endsWith(`/settings/${p.to}`));
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
          {closed ? (
            <section>
              <h1>Owners and admins only</h1>
              <p role="alert">
                This page changes the whole workspace, so it is open to its owners and admins. Ask one of them if something here needs to change.
              </p>
            </section>
          ) : (
            <Outlet />
          )}
        </Suspense>
      </div>
    </div>
  );
}
