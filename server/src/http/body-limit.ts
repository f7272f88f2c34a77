import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HeedError } from "../platform/errors.js";
import type { AppEnv } from "./env.js";
import { problemResponse } from "./problem.js";

// Request bodies are refused once they pass a limit, before the rest is read: an announced length
// over it is refused without reading a byte, and a chunked body is counted as it streams and
// refused at the first byte past the limit (never buffered beyond it). /v1 takes JSON up to
// BODY_LIMIT_BYTES; everything else (the portal's form posts) takes FORM_BODY_LIMIT_BYTES.

/**
 * The largest form post outside /v1. The longest form a reader can send is a portal post: a
 * 200-character title and a 10,000-character body. Written in a script of 3-byte characters and
 * percent-encoded (9 bytes a character), that is about 92 KB with its other fields; 128 KiB leaves
 * a margin, and is still 500 times less than what a form could cost before.
 */
export const FORM_BODY_LIMIT_BYTES = 128 * 1024;

/** The limit, on requests that say they carry a body (a bodiless GET costs nothing). */
export function limitBody(maxSize: number, tooLarge: (c: Context<AppEnv>) => Response | Promise<Response>): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize, onError: tooLarge });
  // Asking a bodiless GET for its body builds a full WHATWG Request, which cost a few percent of every read.
  return (c, next) => (c.req.header("content-length") !== undefined || c.req.header("transfer-encoding") !== undefined ? limit(c, next) : next());
}

const TOO_LARGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too much to send</title></head>
<body><h1>Too much to send</h1><p>This form was larger than ${FORM_BODY_LIMIT_BYTES / 1024} KiB, so it was not read. Go back, shorten what you wrote, and send it again.</p></body></html>
`;

/**
 * Bodies outside /v1: a browser's form gets a short page, anything else (the portal's script,
 * a tool) the problem every refusal is.
 */
export const formBodyLimit = limitBody(FORM_BODY_LIMIT_BYTES, (c) => {
  const error = new HeedError("payload_too_large", `The request body is over ${FORM_BODY_LIMIT_BYTES} bytes.`);
  if (!c.req.header("accept")?.includes("text/html")) return problemResponse(c, error);
  return c.html(TOO_LARGE_PAGE, 413, {
    "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "cache-control": "no-store",
  });
});
