import { z } from "@hono/zod-openapi";
import { ProveItIsYouBody } from "../../../../packages/shared/src/bodies/accounts.js";
import { PutWorkspaceSingleSignOnBody } from "../../../../packages/shared/src/bodies/workspace.js";
import { documented, text } from "../../platform/fields.js";
import { accountWords } from "./schema.js";
import { noPasswordWords } from "./two-factor-schema.js";

// Single sign-on's two browser stops: the start, and the provider's answer.

// Only the dashboard's own paths: a browser reads `/\evil.com` or `/<TAB>/evil.com` as another
// host, so anything but `/app` and plain path characters under `/app/` is refused.
const dashboardPath = text()
  .max(2000)
  .regex(/^\/app(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*)?$/, "A page of the dashboard: /app or a path under /app/.")
  .refine((path) => !path.includes("//"), "A page of the dashboard: /app or a path under /app/.");

export const OidcStartQuery = z.object({
  workspace: text().max(48).optional().openapi({
    description:
      "The slug of the workspace signing in from: its own provider when it has one, else the server's; where a new account of an allowed domain joins. Default: OIDC_WORKSPACE.",
  }),
  redirect: dashboardPath.optional().openapi({ description: "The dashboard page to open once signed in (`/app` or a path under `/app/`; default `/app`)." }),
});

/** What a provider sends back; anything else it adds is ignored. */
export const OidcCallbackQuery = z.object({
  code: text().max(2000).optional(),
  state: text().max(500).optional(),
  iss: text().max(500).optional(),
  error: text().max(200).optional(),
  error_description: text().max(1000).optional(),
});

/** A workspace's own provider as the API shows it: everything but the client secret. */
export const WorkspaceSingleSignOnSchema = z
  .object({
    issuer: z.string().openapi({ description: "The provider's issuer URL; Heed reads its `/.well-known/openid-configuration`." }),
    clientId: z.string(),
    allowedDomains: z.array(z.string()).openapi({ description: "Email domains whose people may sign up through it, joining as members." }),
    label: z.string().openapi({ description: "What the sign-in page's button says, e.g. `Okta`." }),
    callbackUrl: z.string().openapi({ description: "The redirect URI to register at the provider." }),
    updatedAt: z.string(),
  })
  .openapi("WorkspaceSingleSignOn");

export const PutWorkspaceSingleSignOnSchema = documented(PutWorkspaceSingleSignOnBody, {
  issuer: { description: "An https URL (private addresses only when the server allows them)." },
  clientSecret: { description: "Kept to talk to the provider; never answered." },
}).openapi("PutWorkspaceSingleSignOn");

/** The single sign-on a sign-in page may offer. */
export const SignInOptionsSchema = z
  .object({
    singleSignOn: z
      .array(
        z.object({
          label: z.string(),
          url: z.string().openapi({ description: "Where the button goes: `/v1/auth/oidc/start?…`." }),
        }),
      )
      .openapi({ description: "The server's provider, and the named workspace's own provider when it has one." }),
  })
  .openapi("SignInOptions");

export const SignInOptionsQuery = z.object({
  workspace: text().max(48).optional().openapi({ description: "A workspace slug: its own provider is offered too." }),
});

export const StartIdentityLinkSchema = z
  .strictObject({
    redirect: dashboardPath.optional().openapi({ description: "The dashboard page to return to once linked (default `/app/settings/sessions`)." }),
    ...documented(ProveItIsYouBody, {
      password: { format: "password", description: noPasswordWords },
      code: { ...accountWords.code, description: "A current code of the account's authenticator app, when it has two-factor sign-in." },
    }).shape,
  })
  .openapi("StartIdentityLink");

export const IdentityLinkStartSchema = z
  .object({
    url: z.string().openapi({ description: "The provider's sign-in page: send the browser there." }),
    provider: z.string().openapi({ description: "The provider's label, e.g. `Okta`." }),
  })
  .openapi("IdentityLinkStart");

export const LinkedIdentitySchema = z
  .object({
    issuer: z.string().openapi({ description: "The provider's issuer URL." }),
    linkedAt: z.string(),
  })
  .openapi("LinkedIdentity");
