import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { Overview } from "./features/overview/Overview.js";
import { NotFound } from "./layout/NotFound.js";
import { SettingsLayout } from "./layout/SettingsLayout.js";
import { Shell } from "./layout/Shell.js";

// The dashboard's addresses under /app. The frame loads with the first page; every area, and the
// sign-in pages with their forms (react-hook-form and zod), load on their first visit, so that a
// signed-in person's first screen carries neither.

const settings: Record<string, RouteObject["lazy"]> = {
  "api-keys": () => import("./features/settings/ApiKeys.js").then((m) => ({ Component: m.ApiKeys })),
  webhooks: () => import("./features/settings/Webhooks.js").then((m) => ({ Component: m.Webhooks })),
  members: () => import("./features/settings/Members.js").then((m) => ({ Component: m.Members })),
  workspace: () => import("./features/settings/Workspace.js").then((m) => ({ Component: m.Workspace })),
  boards: () => import("./features/settings/Boards.js").then((m) => ({ Component: m.Boards })),
  "audit-log": () => import("./features/settings/AuditLog.js").then((m) => ({ Component: m.AuditLog })),
  sessions: () => import("./features/settings/Sessions.js").then((m) => ({ Component: m.Sessions })),
};

export const routes: RouteObject[] = [
  { path: "/sign-in", lazy: () => import("./features/account/SignIn.js").then((m) => ({ Component: m.SignIn })) },
  { path: "/invite/:token", lazy: () => import("./features/account/AcceptInvite.js").then((m) => ({ Component: m.AcceptInvite })) },
  { path: "/reset", lazy: () => import("./features/account/RequestReset.js").then((m) => ({ Component: m.RequestReset })) },
  { path: "/reset/:token", lazy: () => import("./features/account/ResetPassword.js").then((m) => ({ Component: m.ResetPassword })) },
  {
    path: "/",
    element: <Shell />,
    children: [
      { index: true, element: <Overview /> },
      { path: "posts", lazy: () => import("./features/posts/Inbox.js").then((m) => ({ Component: m.Inbox })) },
      { path: "roadmap", lazy: () => import("./features/roadmap/Roadmap.js").then((m) => ({ Component: m.Roadmap })) },
      { path: "changelog", lazy: () => import("./features/changelog/Changelog.js").then((m) => ({ Component: m.Changelog })) },
      { path: "changelog/:id", lazy: () => import("./features/changelog/ChangelogEntry.js").then((m) => ({ Component: m.ChangelogEntry })) },
      { path: "users", lazy: () => import("./features/people/Users.js").then((m) => ({ Component: m.Users })) },
      { path: "users/:id", lazy: () => import("./features/people/User.js").then((m) => ({ Component: m.User })) },
      { path: "companies", lazy: () => import("./features/people/Companies.js").then((m) => ({ Component: m.Companies })) },
      { path: "companies/:id", lazy: () => import("./features/people/Company.js").then((m) => ({ Component: m.Company })) },
      { path: "posts/:id", lazy: () => import("./features/post/Post.js").then((m) => ({ Component: m.PostPage })) },
      {
        path: "settings",
        element: <SettingsLayout />,
        children: [{ index: true, element: <Navigate to="sessions" replace /> }, ...Object.entries(settings).map(([path, lazy]) => ({ path, lazy }))],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: "/app" });
