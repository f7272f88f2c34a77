import { z } from "zod";

// The field types a client may send, as the request bodies of packages/shared/src/bodies declare
// them: the server checks each body with them (server/src/platform/fields.ts adds the OpenAPI
// words) and the dashboard's forms check the same before sending.

/** A UTF-16 surrogate without its other half (`\ud800`): with the `u` flag, a pair is one character. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Every input string. PostgreSQL cannot store NUL characters, so they are refused (400) on both
 * databases alike instead of failing inside a query. A lone surrogate (JSON's `"\ud800"`) is no
 * character at all: stored, it would turn into U+FFFD, so the answer would hold what was not kept.
 */
export function text() {
  return z
    .string()
    .refine((value) => !value.includes("\u0000"), { message: "Must not contain NUL characters." })
    .refine((value) => !LONE_SURROGATE.test(value), { message: "Must not contain a lone UTF-16 surrogate (half of a character)." });
}

/** An email address a client sends. */
export function email() {
  return text().max(320).check(z.email());
}

/** A colour as `#rrggbb`. */
export function color() {
  return text()
    .max(7)
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour as #rrggbb.");
}
