import { z } from "@hono/zod-openapi";

// The building blocks of every schema: the field types a client may send, and the shapes every
// list and id share. Routes, the OpenAPI document and (as types) the domain verbs use them.

/**
 * Every input string. PostgreSQL cannot store NUL characters, so they are refused (400) on both
 * databases alike instead of failing inside a query.
 */
export function text() {
  return z.string().refine((value) => !value.includes("\u0000"), { message: "Must not contain NUL characters." });
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

/** A calendar date a client sends, `YYYY-MM-DD`. */
export function date() {
  return z.iso.date().max(10);
}

/** A whole number a client sends, bounded, and documented as int32 (every count and limit fits). */
export function integer(min: number, max: number) {
  return z.number().int().min(min).max(max).openapi({ format: "int32" });
}

/**
 * A named schema, or null. `Schema.nullable()` would make the shared component itself nullable
 * (the name travels with the wrapper), so every other use of it would turn nullable too.
 */
export function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

/** `{ data, nextCursor }`: the shape of every list. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; `null` on the last page." }),
    })
    .openapi(name);
}

export const PageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ format: "int32", description: "Items per page, 1–100.", example: 20 }),
  cursor: text()
    .max(1000)
    .optional()
    .openapi({ description: "The `nextCursor` of the previous page; omit for the first page. Keep the other parameters unchanged." }),
};

export function idParam(prefix: string, name: string) {
  return z.object({
    id: text()
      .max(64)
      .openapi({ param: { name: "id", in: "path" }, description: `The ${name}'s id (\`${prefix}_…\`).`, example: `${prefix}_01jd8x4y2b3c5d6e7f8g9h0j1k` }),
  });
}

/** An ISO-8601 UTC timestamp, as every `…At` field holds. */
export const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T12:00:00.000Z" });

/** Who wrote a post or comment: an end user (`usr_…`) or a team member (`mem_…`). */
export const AuthorSchema = z.object({ type: z.enum(["user", "member"]), id: z.string(), name: z.string().nullable(), avatarUrl: z.string().nullable() });

/** The `{id}` of every route under /posts/{id}. */
export const postParam = idParam("post", "post");
