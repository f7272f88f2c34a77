import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { Overview } from "./features/overview/Overview.js";
import { NotFound } from "./layout/NotFound.js";
import { SettingsHome, SettingsLayout } from "./layout/SettingsLayout.js";
import { Shell } from "./layout/Shell.js";

// The dashboard's addresses under /app. The frame loads with the first page; every area, and the
// sign-in pages with their forms (react-hook-form and zod), load on their first visit, so that a
// signed-in person's first screen carries neither.

/** A page loaded on its first visit: the named export of its module. */
function page<M>(load: () => Promise<M>, name: keyof M): RouteObject["lazy"] {
  return () => load().then((m) => ({ Component: m[name] as ComponentType }));
}

const settings: Record<string, RouteObject["lazy"]> = {
  "api-keys": page(() => import("./features/settings/ApiKeys.js"), "ApiKeys"),
  webhooks: page(() => import("./features/settings/Webhooks.js"), "Webhooks"),
  integrations: page(() => import("./features/settings/Integrations.js"), "Integrations"),
  members: page(() => import("./features/settings/Members.js"), "Members"),
  workspace: page(() => import("./features/settings/Workspace.js"), "Workspace"),
  boards: page(() => import("./features/settings/Boards.js"), "Boards"),
  "audit-log": page(() => import("./features/settings/AuditLog.js"), "AuditLog"),
  import: page(() => import("./features/settings/Imports.js"), "Imports"),
  notifications: page(() => import("./features/notifications/NotificationSettings.js"), "NotificationSettings"),
  sessions: page(() => import("./features/settings/Sessions.js"), "Sessions"),
};

export const routes: RouteObject[] = [
  { path: "/sign-in", lazy: page(() => import("./features/account/SignIn.js"), "SignIn") },
  { path: "/invite/:token", lazy: page(() => import("./features/account/AcceptInvite.js"), "AcceptInvite") },
  { path: "/reset", lazy: page(() => import("./features/account/RequestReset.js"), "RequestReset") },
  { path: "/reset/:token", lazy: page(() => import("./features/account/ResetPassword.js"), "ResetPassword") },
  {
    path: "/",
    element: <Shell />,
    children: [
      { index: true, element: <Overview /> },
      { path: "posts", lazy: page(() => import("./features/posts/Inbox.js"), "Inbox") },
      { path: "posts/deleted", lazy: page(() => import("./features/posts/DeletedPosts.js"), "DeletedPosts") },
      { path: "roadmap", lazy: page(() => import("./features/roadmap/Roadmap.js"), "Roadmap") },
      { path: "changelog", lazy: page(() => import("./features/changelog/Changelog.js"), "Changelog") },
      { path: "changelog/:id", lazy: page(() => import("./features/changelog/ChangelogEntry.js"), "ChangelogEntry") },
      { path: "users", lazy: page(() => import("./features/people/Users.js"), "Users") },
      { path: "users/:id", lazy: page(() => import("./features/people/User.js"), "User") },
      { path: "companies", lazy: page(() => import("./features/people/Companies.js"), "Companies") },
      { path: "companies/:id", lazy: page(() => import("./features/people/Company.js"), "Company") },
      { path: "posts/:id", lazy: page(() => import("./features/post/Post.js"), "PostPage") },
      { path: "notifications", lazy: page(() => import("./features/notifications/Notifications.js"), "Notifications") },
      {
        path: "settings",
        element: <SettingsLayout />,
        children: [{ index: true, element: <SettingsHome /> }, ...Object.entries(settings).map(([path, lazy]) => ({ path, lazy }))],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: "/app" });
