import { z } from "@hono/zod-openapi";
import { UpdateWorkspaceBody } from "../../../../packages/shared/src/bodies/workspace.js";
import { documented, idOf, int32 } from "../../platform/fields.js";
import { LANGUAGES } from "../../platform/i18n/languages.js";
import { ModerationSchema, moderationWords } from "../../platform/moderation/hold.js";
import { CapabilitiesSchema } from "./capabilities.js";

export const WorkspaceSchema = z
  .object({
    id: idOf("ws"),
    slug: z.string().openapi({ description: "The portal's address, `/p/{slug}`; the addresses of earlier slugs redirect to it." }),
    name: z.string(),
    publicKey: z.string().openapi({ description: "Sent as `x-service-public-key` by customer-facing code." }),
    portalVisibility: z.enum(["public", "private"]).openapi({ description: "A private portal needs an identified end user to read." }),
    identityVerification: z.boolean().openapi({
      description: "When on (the default for new workspaces), `/v1/identify` must carry a `userHash` or a signed JWT. Only an owner may turn it off.",
    }),
    rateLimitPerMinute: z.number().int().nullable().openapi({ description: "Requests per minute per credential; null for the server default." }),
    allowedOrigins: z
      .array(z.string())
      .openapi({ description: "Browser origins that may call the customer-facing routes (`*`: any). Heed's own portal always may." }),
    portalPostsPerHour: z.number().int().nullable().openapi({ description: "Posts one end user may submit through the portal per hour; null: no cap." }),
    portalLogoUrl: z.string().nullable().openapi({ description: "The portal's logo (an https image); null: the workspace's name alone." }),
    portalAccentColor: z.string().nullable().openapi({ description: "The portal's accent colour as `#rrggbb`; null: Heed's." }),
    portalLanguage: z.enum(LANGUAGES).openapi({
      description: "What the portal, the widget and mails to end users speak to a reader who chose no language and whose browser names none Heed speaks.",
    }),
    portalGuestAccess: z.boolean().openapi({ description: "Whether readers may sign in to the portal as guests with a name and an email (unverified)." }),
    authorVotes: z.boolean().openapi({
      description:
        "Whether an idea an end user posts through the portal or the widget starts with its author's vote (on by default). A held idea gets it when approved.",
    }),
    requireTwoFactor: z.boolean().openapi({
      description:
        "Whether every member's session must have passed a second factor (a two-factor code, or single sign-on). API keys are not people: unaffected.",
    }),
    singleSignOn: z.boolean().openapi({
      description: "Whether the workspace has its own single sign-on provider (`GET /workspace/single-sign-on` reads it; it answers 404 while this is false).",
    }),
    notificationWindowSeconds: z.number().int().nullable().openapi({
      description: "Changes to what one person follows within this many seconds arrive as one mail; null: the server's NOTIFICATION_WINDOW_SECONDS.",
    }),
    moderation: ModerationSchema,
    capabilities: CapabilitiesSchema.openapi({
      description: "What this server is set up for (the same in every workspace): read it before offering a feature that needs it.",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Workspace");

export const UpdateWorkspaceSchema = documented(UpdateWorkspaceBody, {
  slug: {
    description:
      "The portal's address, `/p/{slug}`. Every address it had before answers 301 (GET, HEAD) or 308 (other methods) to the same path and query under the new one, and stays this workspace's: a slug another workspace has or had is refused (409 `conflict`).",
  },
  identityVerification: {
    description: "`false` lets anyone holding the public key identify as any user id: an owner's alone (an admin's session gets 403 `owner_only`).",
  },
  rateLimitPerMinute: int32,
  allowedOrigins: { description: "Replaces the list: origins such as `https://app.example.com` (scheme, host, port), or `*` for any." },
  portalPostsPerHour: { ...int32, description: "Null: no cap." },
  portalLogoUrl: { description: "An https image URL, shown at the top of every portal page; null removes it." },
  portalAccentColor: { description: "`#rrggbb`; null: Heed's own." },
  portalGuestAccess: { description: "Off by default: guests are not verified by your app." },
  authorVotes: { description: "On by default: an end user's new idea starts with their vote. Ideas posted before are left as they are." },
  requireTwoFactor: { description: "An owner's alone (403 `owner_only`); turning it on needs the owner's own two-factor sign-in first (409)." },
  notificationWindowSeconds: { ...int32, description: "0 sends each change at once; null: the server's NOTIFICATION_WINDOW_SECONDS." },
  moderation: moderationWords,
}).openapi("UpdateWorkspace");

export const IdentitySecretSchema = z
  .object({ identitySecret: z.string().openapi({ description: "Keep it on your server: it signs `userHash` and identity JWTs." }) })
  .openapi("IdentitySecret");
