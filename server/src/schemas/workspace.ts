import { z } from "@hono/zod-openapi";
import { integer, text } from "./fields.js";

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    publicKey: z.string().openapi({ description: "Sent as `x-service-public-key` by customer-facing code." }),
    portalVisibility: z.enum(["public", "private"]).openapi({ description: "A private portal needs an identified end user to read." }),
    identityVerification: z.boolean().openapi({ description: "When on, `/v1/identify` must carry a `userHash` or a signed JWT." }),
    rateLimitPerMinute: z.number().int().nullable().openapi({ description: "Requests per minute per credential; null for the server default." }),
    allowedOrigins: z
      .array(z.string())
      .openapi({ description: "Browser origins that may call the customer-facing routes (`*`: any). Heed's own portal always may." }),
    portalPostsPerHour: z.number().int().nullable().openapi({ description: "Posts one end user may submit through the portal per hour; null: no cap." }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Workspace");

export const UpdateWorkspaceSchema = z
  .strictObject({
    name: text().trim().min(1).max(100).optional(),
    portalVisibility: z.enum(["public", "private"]).optional(),
    identityVerification: z.boolean().optional(),
    rateLimitPerMinute: integer(1, 100_000).nullable().optional(),
    allowedOrigins: z
      .array(text().max(300))
      .max(50)
      .optional()
      .openapi({ description: "Replaces the list: origins such as `https://app.example.com` (scheme, host, port), or `*` for any." }),
    portalPostsPerHour: integer(1, 10_000).nullable().optional().openapi({ description: "Null: no cap." }),
  })
  .openapi("UpdateWorkspace");

export const IdentitySecretSchema = z
  .object({ identitySecret: z.string().openapi({ description: "Keep it on your server: it signs `userHash` and identity JWTs." }) })
  .openapi("IdentitySecret");
