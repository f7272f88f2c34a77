import { z } from "@hono/zod-openapi";
import { HeedError } from "../../platform/errors.js";
import { dateTime, jsonObject, MAX_JSON_DEPTH, orNull, text, timestamp, idOf } from "../../platform/fields.js";
import { fieldErrors } from "../../http/validation.js";
import { userFields } from "../users/index.js";

/**
 * Who the customer's app says the end user is: the body's person (`userId` is the end user's
 * `externalId`; `company: null` detaches them), or the same fields read from a JWT's claims.
 */
export type IdentityFields = Omit<z.output<typeof IdentifySchema>, "userId" | "userHash" | "token"> & { userId: string };

const IdentifyCompanySchema = z
  .strictObject({
    id: text().min(1).max(255).openapi({ description: "Your own id for the company." }),
    name: text().trim().min(1).max(200),
    monthlySpend: z.number().min(0).max(1e12).optional().openapi({ description: "What the company pays you per month: ranks posts by revenue." }),
  })
  .openapi("IdentifyCompany");

// `deleted:<id>` is the externalId of an anonymised end user. The team's API may upsert it (to bring
// the row back); the public key must not, or anyone could revive a deleted person and act as them.
const userId = text()
  .min(1)
  .max(255)
  .refine((id) => !id.startsWith("deleted:"), { message: "`deleted:` ids belong to deleted end users." })
  .openapi({ description: "Your own id for the person (the end user's `externalId`)." });
const identityFields = {
  ...userFields,
  locale: text()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "A language tag such as en or pt-BR.")
    .nullable()
    .optional()
    .openapi({ description: "The person's language (a BCP 47 tag such as `pt-BR`): kept for the mail they get." }),
  company: orNull(IdentifyCompanySchema).optional().openapi({
    description:
      "Only with a proven identity (`userHash` or `token`), verification on or off: companies rank posts by revenue. `null` detaches the person from their company.",
  }),
};

export const IdentifySchema = z
  .strictObject({
    userId: userId.optional(),
    ...identityFields,
    userHash: text()
      .length(64)
      .regex(/^[0-9a-fA-F]{64}$/, "64 hex characters.")
      .optional()
      .openapi({ description: "Hex HMAC-SHA256 of `userId` under the workspace's identity secret, computed on your server." }),
    token: text().min(1).max(8000).optional().openapi({
      description:
        "Instead of the fields: a JWT (HS256, signed with the identity secret, with `iat` and an `exp` at most an hour after it) whose claims are the person: `id` (or `sub`), `email`, `name`, `avatarUrl`, `company`, `traits`. It may be sent again until it expires.",
    }),
  })
  .superRefine((body, context) => {
    const fields = Object.keys(body).filter((k) => k !== "token" && body[k as keyof typeof body] !== undefined);
    if (body.token !== undefined && fields.length > 0) {
      context.addIssue({ code: "custom", path: [fields[0]!], message: "With `token`, the person's fields come from its claims: send nothing else." });
    } else if (body.token === undefined && body.userId === undefined) {
      context.addIssue({ code: "custom", path: ["userId"], message: "Send `userId` (with the other fields), or a signed JWT as `token`." });
    }
  })
  .openapi("Identify", {
    description: "The person using your app. With identity verification on, `userHash` or `token` is required; either is checked whenever sent.",
  });

/** JWT claims: the body's fields, with the registered claims (`exp`, `iat`, …) beside them. */
const IdentityClaimsSchema = z
  .object({ id: userId.optional(), sub: userId.optional(), ...identityFields })
  .refine((claims) => claims.id !== undefined || claims.sub !== undefined, { message: "The JWT needs an `id` (or `sub`) claim.", path: ["id"] });

/** Validates a verified JWT's claims with the body's rules; a bad claim is a 400 pointing into `/token`. */
export function readIdentityClaims(claims: unknown): IdentityFields {
  const parsed = IdentityClaimsSchema.safeParse(claims);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, "json", "/token", claims);
    throw new HeedError("validation_failed", "The JWT's claims are invalid.", { errors });
  }
  const { id, sub, ...fields } = parsed.data;
  return { userId: (id ?? sub)!, ...fields };
}

export const PortalUserSchema = z
  .object({
    id: idOf("usr"),
    externalId: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  })
  .openapi("PortalUser");

export const IdentifyResultSchema = z
  .object({
    user: PortalUserSchema,
    token: z.string().openapi({ description: "The end-user token: send it as `x-service-user-token`. Identify again before it expires." }),
    expiresAt: timestamp,
  })
  .openapi("IdentifyResult");

const MAX_PROPERTIES_BYTES = 8 * 1024;

export const TrackEventSchema = z
  .strictObject({
    event: text().trim().min(1).max(100).openapi({ description: "What happened, e.g. `report.exported`.", example: "report.exported" }),
    properties: jsonObject(MAX_PROPERTIES_BYTES)
      .optional()
      .openapi({ description: `Anything JSON, up to ${MAX_PROPERTIES_BYTES} bytes, nested at most ${MAX_JSON_DEPTH} levels deep.` }),
    timestamp: dateTime().optional().openapi({ description: "When it happened; default now. At most 24 h ahead." }),
    anonymousId: text().min(1).max(200).optional().openapi({ description: "Who did it when no end-user token is sent (your app's id for the browser)." }),
  })
  .openapi("TrackEvent");

const MAX_BATCH = 100;

const TrackBatchSchema = z
  .strictObject({
    batch: z
      .array(z.unknown())
      .min(1)
      .max(MAX_BATCH)
      .openapi({
        type: "array",
        items: { $ref: "#/components/schemas/TrackEvent" },
        minItems: 1,
        maxItems: MAX_BATCH,
        description: `1–${MAX_BATCH} events, each checked on its own.`,
      }),
  })
  .openapi("TrackBatch");

export const TrackSchema = z.union([TrackEventSchema, TrackBatchSchema]).openapi("Track", { description: "One event, or `{batch: [...]}` of up to 100." });

export const TrackResultSchema = z
  .object({
    accepted: z.number().int().openapi({ description: "Events stored." }),
    rejected: z
      .array(z.object({ index: z.number().int(), errors: z.array(z.object({ pointer: z.string(), detail: z.string() })) }))
      .openapi({ description: "Events refused, by their index in the batch, with what is wrong; the others were stored." }),
  })
  .openapi("TrackResult");
