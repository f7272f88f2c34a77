import { z } from "@hono/zod-openapi";
import { text } from "./fields.js";

// Single sign-on's two browser stops: the start, and the provider's answer.

export const OidcStartQuery = z.object({
  workspace: text().max(48).openapi({ description: "The slug of the workspace signing in from: where a new account of an allowed domain joins." }),
  // Only the dashboard's own paths: a browser reads `/\evil.com` or `/<TAB>/evil.com` as another
  // host, so anything but `/app` and plain path characters under `/app/` is refused.
  redirect: text()
    .max(2000)
    .regex(/^\/app(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/, "A page of the dashboard: /app or a path under /app/.")
    .refine((path) => !path.includes("//"), "A page of the dashboard: /app or a path under /app/.")
    .optional()
    .openapi({ description: "The dashboard page to open once signed in (`/app` or a path under `/app/`; default `/app`)." }),
});

/** What a provider sends back; anything else it adds is ignored. */
export const OidcCallbackQuery = z.object({
  code: text().max(2000).optional(),
  state: text().max(500).optional(),
  iss: text().max(500).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
});
