import { z } from "@hono/zod-openapi";
import { ERROR_CODES, FIELD_ERROR_CODES, type ErrorCode, type FieldErrorCode } from "../platform/errors.js";
import type { RouteCredential } from "./route-security.js";

// Builders for the parts every route definition repeats. Error responses come from the one error
// table, so the document lists exactly the statuses the code can produce.

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: "urn:heed:problem:validation_failed" }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    requestId: z.string().nullable(),
    errors: z
      .array(
        z.object({
          pointer: z.string().openapi({ description: "JSON Pointer into the request: `/title`, `/query/limit`, `/header/idempotency-key`." }),
          code: z.enum(Object.keys(FIELD_ERROR_CODES) as [FieldErrorCode, ...FieldErrorCode[]]).openapi({
            description: `What is wrong, to map to your own words: ${Object.entries(FIELD_ERROR_CODES)
              .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
              .join(" ")}`,
          }),
          detail: z.string().openapi({ description: "English for a developer; may change between versions." }),
          limit: z.number().optional().openapi({ description: "With the size codes: the least or most allowed." }),
        }),
      )
      .optional()
      .openapi({ description: "On 400: each invalid field." }),
    requiredScope: z.string().optional().openapi({ description: "On 403: the permission the credential lacks." }),
  })
  .openapi("Problem", { description: "An RFC 9457 problem detail." });

/** Refusals every route can give, whatever it takes. */
const EVERY: ErrorCode[] = ["validation_failed", "rate_limited", "internal_error"];

/** Refusals of a bad, missing or wrong-kind credential. */
const CREDENTIAL: ErrorCode[] = ["missing_credential", "invalid_credential", "wrong_credential_kind"];

/** By the credential a route takes (route-security.ts), the refusals that come with it. */
const BY_CREDENTIAL: Record<RouteCredential["kind"], ErrorCode[]> = {
  // A key lacking the scope; a session whose member is not in the workspace, whose role lacks the
  // scope, or whose write fails the CSRF check.
  secret: [...CREDENTIAL, "missing_scope", "csrf_failed", "not_a_member", "two_factor_setup_required"],
  // A browser origin the workspace does not allow.
  public: [...CREDENTIAL, "origin_not_allowed"],
  session: [...CREDENTIAL, "csrf_failed"],
  // A browser request from another site.
  none: ["csrf_failed"],
};
const USER_TOKEN: ErrorCode[] = ["missing_user_token", "invalid_user_token"];

/**
 * And those of every route that reads a JSON body. Such writes can also meet a concurrent write at
 * a uniqueness or reference constraint, which answers 409.
 */
const WITH_BODY: ErrorCode[] = ["malformed_json", "payload_too_large", "unsupported_media_type", "conflict"];

/** And those of every write, which accepts an Idempotency-Key. */
const WRITE: ErrorCode[] = ["idempotency_in_flight", "idempotency_key_reused"];

/** And that of every route whose path names an object (`/boards/{id}`): the workspace may hold none by that name. */
const NAMED: ErrorCode[] = ["not_found"];

interface ErrorOptions {
  credential: RouteCredential;
  write?: boolean;
  body?: boolean;
  /** The path has parameters. */
  params?: boolean;
  extra?: ErrorCode[];
}

export function errorResponses(options: ErrorOptions) {
  const writes = options.write || options.body ? WRITE : [];
  const { credential } = options;
  const userToken = credential.kind === "public" && credential.userToken !== "none" ? USER_TOKEN : [];
  const base = [...EVERY.slice(0, 1), ...BY_CREDENTIAL[credential.kind], ...userToken, ...EVERY.slice(1)];
  const codes = [...new Set([...base, ...(options.body ? WITH_BODY : []), ...writes, ...(options.params ? NAMED : []), ...(options.extra ?? [])])];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, { description: string; content: { "application/problem+json": { schema: typeof ProblemSchema } } }> = {};
  for (const [status, list] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    responses[status] = {
      description: list.map((code) => `\`${code}\`: ${ERROR_CODES[code].title.toLowerCase()}`).join("; "),
      content: { "application/problem+json": { schema: ProblemSchema } },
    };
  }
  return responses;
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { "application/json": { schema } } };
}

/** The header every write accepts; the idempotency middleware reads it before validation. */
export const IdempotencyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .max(257)
    .optional()
    .openapi({
      param: { name: "Idempotency-Key", in: "header" },
      description:
        "Makes a retry safe: the same key with the same request returns the first answer (with `idempotent-replayed: true`) and does nothing twice. 1–255 characters, bare or quoted; kept 24 h per credential. Another request with a used key: 422; while the first still runs: 409.",
      example: "8e03978e-40d5-43e8-bc93-6894a57f9324",
    }),
});

/** The header every GET with a JSON answer accepts: the answer's ETag, to be told 304 when it is the same. */
export const ConditionalHeaders = z.object({
  "If-None-Match": z
    .string()
    .max(1000)
    .optional()
    .openapi({
      param: { name: "If-None-Match", in: "header" },
      description: "The `ETag` of an answer you hold: when the answer is still the same, it is a `304` without a body.",
      example: '"3J0tq5Ra0cXxPlRz8kOZ0Yy2l1c"',
    }),
});

export const NOT_MODIFIED = { description: "The answer is the one whose `ETag` the request sent in `If-None-Match`; no body." };
