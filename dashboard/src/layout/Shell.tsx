import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { api, unwrap } from "../api.js";
import { sessionQuery } from "../data/account.js";
import { unreadCountQuery } from "../data/notifications.js";
import { useSession } from "../session.js";
import { UndoProvider } from "../ui/Undo.js";

// Every signed-in page sits in this frame: the workspace switcher, the main navigation and the
// account's sign-out. A "skip to content" link lets keyboard users past the header.

const MAIN_PAGES = [
  { to: "/", label: "Overview" },
  { to: "/posts", label: "Inbox" },
  { to: "/roadmap", label: "Roadmap" },
  { to: "/changelog", label: "Changelog" },
  { to: "/users", label: "Users" },
  { to: "/companies", label: "Companies" },
  { to: "/settings", label: "Settings" },
];

/** The way to the member's notifications, with how many are unread (asked again every minute). */
function NotificationsLink() {
  const unread = useQuery(unreadCountQuery()).data ?? 0;
  return (
    <NavLink to="/notifications" className="notifications-link">
      Notifications
      {unread > 0 && (
        <>
          <span className="count">{unread > 99 ? "99+" : unread}</span>
          <span className="visually-hidden"> unread</span>
        </>
      )}
    </NavLink>
  );
}

export function Shell() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const switcherId = useId();
  const switchTo = useMutation({
    mutationFn: async (currentWorkspaceId: string) => unwrap(await api.PATCH("/auth/session", { body: { currentWorkspaceId } })),
    onSuccess: (answer) => {
      queries.clear();
      queries.setQueryData(sessionQuery().queryKey, answer);
    },
  });
  const signOut = useMutation({
    mutationFn: async () => {
      await api.POST("/auth/sign-out");
    },
    onSettled: () => {
      queries.clear();
      navigate("/sign-in", { replace: true });
    },
  });
  // The same frame index.html paints before any script runs, so nothing moves until the session is known.
  if (session.isPending)
    return (
      <div className="shell">
        <header>
          <span className="brand">Heed</span>
        </header>
        <main id="content">
          <p className="loading" role="status" aria-busy="true">
            Loading…
          </p>
        </main>
      </div>
    );
  if (session.isError)
    return (
      <p className="error" role="alert">
        Heed could not be reached. Reload the page to try again.
      </p>
    );
  // The whole address, filters and all, so that signing in opens exactly the page that was asked for.
  // After "Sign out" the next sign-in (perhaps someone else's) starts from the overview, whichever
  // of this and signOut's own redirect runs first.
  if (!session.data)
    return <Navigate to={signOut.isIdle ? `/sign-in?next=${encodeURIComponent(location.pathname + location.search + location.hash)}` : "/sign-in"} replace />;
  const { account, workspaces, currentWorkspaceId } = session.data;
  const current = workspaces.find((w) => w.id === currentWorkspaceId);
  return (
    <div className="shell">
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header>
        <Link to="/" className="brand">
          Heed
        </Link>
        {workspaces.length > 0 && (
          <>
            <label htmlFor={switcherId} className="visually-hidden">
              Workspace
            </label>
            <select id={switcherId} value={currentWorkspaceId ?? ""} onChange={(event) => switchTo.mutate(event.target.value)} disabled={switchTo.isPending}>
              {workspaces.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </>
        )}
        {current && (
          <a href={`/p/${current.slug}`} target="_blank" rel="noopener" className="portal-link">
            Portal<span className="visually-hidden"> of {current.name} (opens in a new tab)</span>
          </a>
        )}
        <NotificationsLink />
        <span className="account" title={account.email}>
          {account.name}
        </span>
        <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </header>
      <nav aria-label="Main" className="main-nav">
        <ul>
          {MAIN_PAGES.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} end={page.to === "/"}>
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="content" tabIndex={-1}>
        {current?.requiresTwoFactor && !session.data.secondFactor && (
          <p className="notice" role="alert">
            This workspace requires two-factor sign-in.{" "}
            {account.twoFactor ? (
              "Sign out and sign in again with your authenticator app's code."
            ) : (
              <>
                Turn it on under <Link to="/settings/sessions">Your sessions</Link> to see and change its feedback.
              </>
            )}
          </p>
        )}
        {/* A new workspace drops the last Undo on offer: it would act in the workspace just left. */}
        <UndoProvider key={currentWorkspaceId}>
          <Outlet />
        </UndoProvider>
      </main>
    </div>
  );
}
