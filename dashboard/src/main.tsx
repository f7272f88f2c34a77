import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Shell } from "./layout/Shell.js";
import { AcceptInvite } from "./pages/AcceptInvite.js";
import { Overview } from "./pages/Overview.js";
import { RequestReset } from "./pages/RequestReset.js";
import { ResetPassword } from "./pages/ResetPassword.js";
import { SignIn } from "./pages/SignIn.js";
import "./styles.css";

const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const router = createBrowserRouter(
  [
    { path: "/sign-in", element: <SignIn /> },
    { path: "/invite/:token", element: <AcceptInvite /> },
    { path: "/reset", element: <RequestReset /> },
    { path: "/reset/:token", element: <ResetPassword /> },
    { path: "/", element: <Shell />, children: [{ index: true, element: <Overview /> }] },
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
