import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Navigate, RouterProvider } from "react-router";
import { SettingsLayout } from "./layout/SettingsLayout.js";
import { Shell } from "./layout/Shell.js";
import { AcceptInvite } from "./pages/AcceptInvite.js";
import { NotFound } from "./pages/NotFound.js";
import { Overview } from "./pages/Overview.js";
import { RequestReset } from "./pages/RequestReset.js";
import { ResetPassword } from "./pages/ResetPassword.js";
import { SignIn } from "./pages/SignIn.js";
import "virtual:heed-design-tokens.css";
import "./styles.css";

const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// Settings pages load on first visit, so the first load carries only sign-in and the frame.
const settings = {
  "api-keys": () => import("./pages/settings/ApiKeys.js").then((m) => ({ Component: m.ApiKeys })),
  webhooks: () => import("./pages/settings/Webhooks.js").then((m) => ({ Component: m.Webhooks })),
  members: () => import("./pages/settings/Members.js").then((m) => ({ Component: m.Members })),
  workspace: () => import("./pages/settings/Workspace.js").then((m) => ({ Component: m.Workspace })),
  boards: () => import("./pages/settings/Boards.js").then((m) => ({ Component: m.Boards })),
  "audit-log": () => import("./pages/settings/AuditLog.js").then((m) => ({ Component: m.AuditLog })),
  sessions: () => import("./pages/settings/Sessions.js").then((m) => ({ Component: m.Sessions })),
};

const router = createBrowserRouter(
  [
    { path: "/sign-in", element: <SignIn /> },
    { path: "/invite/:token", element: <AcceptInvite /> },
    { path: "/reset", element: <RequestReset /> },
    { path: "/reset/:token", element: <ResetPassword /> },
    {
      path: "/",
      element: <Shell />,
      children: [
        { index: true, element: <Overview /> },
        { path: "posts", lazy: () => import("./pages/posts/Inbox.js").then((m) => ({ Component: m.Inbox })) },
        { path: "roadmap", lazy: () => import("./pages/roadmap/Roadmap.js").then((m) => ({ Component: m.Roadmap })) },
        { path: "changelog", lazy: () => import("./pages/changelog/Changelog.js").then((m) => ({ Component: m.Changelog })) },
        { path: "changelog/:id", lazy: () => import("./pages/changelog/ChangelogEntry.js").then((m) => ({ Component: m.ChangelogEntry })) },
        { path: "users", lazy: () => import("./pages/people/Users.js").then((m) => ({ Component: m.Users })) },
        { path: "users/:id", lazy: () => import("./pages/people/User.js").then((m) => ({ Component: m.User })) },
        { path: "companies", lazy: () => import("./pages/people/Companies.js").then((m) => ({ Component: m.Companies })) },
        { path: "companies/:id", lazy: () => import("./pages/people/Company.js").then((m) => ({ Component: m.Company })) },
        { path: "posts/:id", lazy: () => import("./pages/post/Post.js").then((m) => ({ Component: m.PostPage })) },
        {
          path: "settings",
          element: <SettingsLayout />,
          children: [{ index: true, element: <Navigate to="sessions" replace /> }, ...Object.entries(settings).map(([path, lazy]) => ({ path, lazy }))],
        },
        { path: "*", element: <NotFound /> },
      ],
    },
  ],
  { basename: "/app" },
);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
