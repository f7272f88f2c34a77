// The one error type of Heed. Domain verbs and middleware throw HeedError with a stable code; the
// HTTP layer turns it into RFC 9457 problem+json, and the same table documents every route's errors
// in the OpenAPI document, so the spec cannot say one status while the code returns another.
export const ERROR_CODES = {
  malformed_json: { status: 400, title: "Malformed JSON" },
  validation_failed: { status: 400, title: "Validation failed" },
  invalid_cursor: { status: 400, title: "Invalid cursor" },
  missing_credential: { status: 401, title: "Missing credential" },
  invalid_credential: { status: 401, title: "Invalid credential" },
  wrong_credential_kind: { status: 401, title: "Wrong kind of credential" },
  missing_user_token: { status: 401, title: "End-user token required" },
  invalid_user_token: { status: 401, title: "Invalid end-user token" },
  identity_not_verified: { status: 401, title: "Identity not verified" },
  two_factor_required: { status: 401, title: "Two-factor code required" },
  missing_scope: { status: 403, title: "Missing permission" },
  origin_not_allowed: { status: 403, title: "Origin not allowed" },
  csrf_failed: { status: 403, title: "CSRF check failed" },
  not_a_member: { status: 403, title: "Not a member of this workspace" },
  owner_only: { status: 403, title: "Only an owner may do this" },
  two_factor_setup_required: { status: 403, title: "This workspace requires two-factor sign-in" },
  two_factor_session_required: { status: 403, title: "This needs a session that passed two-factor sign-in" },
  comments_locked: { status: 403, title: "Comments locked" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  idempotency_in_flight: { status: 409, title: "Request with this Idempotency-Key still running" },
  payload_too_large: { status: 413, title: "Payload too large" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key reused with another request" },
  rate_limited: { status: 429, title: "Too many requests" },
  post_limit_reached: { status: 429, title: "Too many posts" },
  internal_error: { status: 500, title: "Internal server error" },
  provider_unavailable: { status: 502, title: "Identity provider unavailable" },
  unavailable: { status: 503, title: "Service unavailable" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * What is wrong with one field, as a stable code a client maps to its own words (the `detail`
 * beside it is English for a developer, and for the validator's codes the validator's English).
 * The size codes carry `limit`: the least or most allowed.
 */
export const FIELD_ERROR_CODES = {
  required: "The field is missing.",
  wrong_type: "A value of another type (a number for a string, an object for a list).",
  too_short: "Text shorter than `limit` characters.",
  too_long: "Text longer than `limit` characters.",
  too_few: "A list with fewer than `limit` items.",
  too_many: "A list with more than `limit` items.",
  too_small: "A number (or time) below `limit`.",
  too_large: "A number (or time) above `limit`.",
  not_allowed: "A value that is not one of those listed for the field.",
  invalid_format: "Text that is not of the field's form (an email, a URL, an id, a colour).",
  unknown_field: "A field the operation does not take.",
  unknown_reference: "An id of an object this workspace does not have.",
  taken: "A name or slug another object of this workspace has already.",
  insecure_url: "An http URL where Heed calls only https (a server run with WEBHOOKS_ALLOW_PRIVATE=1 also takes http).",
  private_address: "A URL whose host is loopback, link-local or on a private network, which Heed does not call.",
  invalid: "Anything else; `detail` says what.",
} as const;

export type FieldErrorCode = keyof typeof FIELD_ERROR_CODES;

export interface FieldError {
  /** JSON Pointer (RFC 6901) into the request: `/title`, or `/query/limit` for parameters. */
  pointer: string;
  code: FieldErrorCode;
  detail: string;
  /** With the size codes: the least or most allowed. */
  limit?: number;
}

export class HeedError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;
  /** Response headers the refusal needs, e.g. `retry-after` on a 429. */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: { errors?: FieldError[]; extra?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(detail);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export function notFound(what: string, id: string): HeedError {
  return new HeedError("not_found", `No ${what} with id '${id}'.`);
}

/** A body field that names an object this workspace does not have. */
export function invalidReference(pointer: string, what: string, id: string): HeedError {
  return new HeedError("validation_failed", `The request names an unknown ${what}.`, {
    errors: [{ pointer, code: "unknown_reference", detail: `No ${what} with id '${id}' in this workspace.` }],
  });
}
