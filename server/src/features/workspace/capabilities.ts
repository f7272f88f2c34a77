import { z } from "@hono/zod-openapi";
import type { Services } from "../../platform/context.js";

// What this server is set up for, whatever the workspace: a dashboard reads it to say what a
// feature needs before a person fills in its form, not after they send it.

export const CapabilitiesSchema = z
  .object({
    integrations: z.boolean().openapi({
      description: "Slack, GitHub and Linear can be connected: the server has INTEGRATIONS_KEY, the key their credentials are sealed with.",
    }),
    mail: z.boolean().openapi({
      description: "The server sends mail (SMTP_URL): invites, password resets and notifications. Without it, invite links are passed on by hand.",
    }),
    singleSignOn: z.boolean().openapi({
      description:
        "The server has a single sign-on provider of its own (OIDC_ISSUER) that members may sign in with. A workspace's own provider (`singleSignOn` on the workspace) needs nothing of the server.",
    }),
  })
  .openapi("ServerCapabilities");

export type Capabilities = z.output<typeof CapabilitiesSchema>;

export function capabilitiesOf(services: Pick<Services, "integrations" | "mailer" | "oidc">): Capabilities {
  return { integrations: services.integrations?.key !== undefined, mail: services.mailer !== undefined, singleSignOn: services.oidc !== undefined };
}
