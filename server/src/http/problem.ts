import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ERROR_CODES, HeedError, type ErrorCode } from "../platform/errors.js";
import type { AppEnv } from "./env.js";
import { isConstraintConflict } from "../platform/db/constraint-errors.js";
import { log } from "../platform/lib/log.js";

// Everything that goes wrong leaves as RFC 9457 problem+json with a stable `code`.

export function problemBody(error: HeedError, requestId: string | undefined) {
  return {
    type: `urn:heed:problem:${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId: requestId ?? null,
    ...(error.errors ? { errors: error.errors } : {}),
    ...error.extra,
  };
}

export function problemResponse(c: Context<AppEnv>, error: HeedError): Response {
  return c.body(JSON.stringify(problemBody(error, c.get("requestId"))), error.status as 400, {
    ...error.headers,
    "content-type": "application/problem+json",
  });
}

// Hono and its validators throw HTTPException for a few transport-level refusals.
const HTTP_EXCEPTION_CODES: Record<number, ErrorCode> = {
  400: "malformed_json",
  401: "missing_credential",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

const DETAILS: Partial<Record<ErrorCode, string>> = {
  malformed_json: "The request body is not valid JSON.",
  unsupported_media_type: "Send the request body as JSON with `Content-Type: application/json`.",
};

/** The app's onError: known refusals keep their status; anything else is a bug, told as little as possible. */
export function toProblem(err: unknown, c: Context<AppEnv>): Response {
  if (err instanceof HeedError) return problemResponse(c, err);
  if (err instanceof HTTPException && HTTP_EXCEPTION_CODES[err.status]) {
    const code = HTTP_EXCEPTION_CODES[err.status]!;
    const detail = DETAILS[code] ?? (err.message || ERROR_CODES[code].title);
    return problemResponse(c, new HeedError(code, detail));
  }
  if (isConstraintConflict(err)) {
    log.warn("constraint conflict", { requestId: c.get("requestId"), path: c.req.path, error: err });
    return problemResponse(c, new HeedError("conflict", "The change conflicts with a concurrent one; read the current state and retry."));
  }
  log.error("unhandled error", { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, error: err });
  return problemResponse(c, new HeedError("internal_error", "Something went wrong on our side. Quote the requestId if you report it."));
}
