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

/** A time a client sends: ISO-8601 with `Z` or an offset (at most 35 characters, for microseconds and an offset). */
export function dateTime() {
  return z.iso.datetime({ offset: true }).max(35);
}

/** A whole number a client sends, bounded (every count and limit fits in 32 bits). */
export function integer(min: number, max: number) {
  return z.number().int().min(min).max(max);
}

/** A calendar date a client sends, `YYYY-MM-DD`. */
export function date() {
  return z.iso.date().max(10);
}

/**
 * The pattern of an id with one of these prefixes (server/src/platform/lib/ids.ts makes them): the
 * prefix, `_`, then 26 characters of lowercase Crockford base32.
 */
export function idPattern(...prefixes: string[]): string {
  return `^${prefixes.length === 1 ? prefixes[0] : `(?:${prefixes.join("|")})`}_[0-9a-hjkmnp-tv-z]{26}$`;
}

/**
 * An id, as a client sends it and Heed answers it: one of these kinds, documented by its pattern
 * and checked by it, so a malformed id is a 400 before any query. `words` are the other values a
 * filter takes (`none`, a status category). Its example is zod metadata, which the OpenAPI
 * document reads too.
 */
export function idOf(prefixes: string | readonly string[], words: readonly string[] = []) {
  const kinds = typeof prefixes === "string" ? [prefixes] : [...prefixes];
  const ids = idPattern(...kinds);
  const pattern = words.length === 0 ? ids : `^(?:${ids.slice(1, -1)}|${words.join("|")})$`;
  const named = [...kinds.map((p) => `\`${p}_…\``), ...words.map((w) => `\`${w}\``)].join(" or ");
  return text()
    .max(64)
    .regex(new RegExp(pattern), `Must be ${named}.`)
    .meta({ example: `${kinds[0]}_01jd8x4y2b3c5d6e7f8g9h0j1k` });
}

/**
 * Whether a write that announces (a status change, publishing a changelog entry, a bulk change)
 * tells the people who follow what it changes: yes unless `false` is sent.
 */
export function notify() {
  return z.boolean().default(true);
}
