import { z } from "@hono/zod-openapi";
import { text } from "./fields.js";

// Single sign-on's two browser stops: the start, and the provider's answer.

export const OidcStartQuery = z.object({
  workspace: text().max(48).openapi({ description: "The slug of the workspace signing in from: where a new account of an allowed domain joins." }),
  redirect: text()
    .max(2000)
    .regex(/^\/(?!\/)/, "A path on this server, starting with a single /.")
    .optional()
    .openapi({ description: "Where to send the browser once signed in: a path on this server (default `/app`)." }),
});

/** What a provider sends back; anything else it adds is ignored. */
export const OidcCallbackQuery = z.object({
  code: text().max(2000).optional(),
  state: text().max(500).optional(),
  iss: text().max(500).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
});
