import { z } from "@hono/zod-openapi";
import { idOf as sharedIdOf, integer as sharedInteger, text } from "../../../packages/shared/src/bodies/fields.js";
import type { IdPrefix } from "./lib/ids.js";

export { color, date, dateTime, email, text } from "../../../packages/shared/src/bodies/fields.js";

// The building blocks of every schema: the field types a client may send, and the shapes every
// list and id share. Routes, the OpenAPI document and (as types) the domain verbs use them.

/** How deep free-form JSON may nest: `{"a": 1}` is 1 deep, `{"a": {"b": [1]}}` 3. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a parsed JSON value nests deeper than `limit`. Counted with a stack of its own, not by
 * recursion, and it stops at the first container past the limit: no depth can exhaust the call
 * stack here, which is what anything recursive after it (JSON.stringify) would do.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * A free-form JSON object a client sends (track's `properties`): keys as `text()`, any JSON
 * values, nested at most MAX_JSON_DEPTH deep and at most `maxBytes` as JSON. Every free-form field
 * is built here, so the depth is always checked before anything walks the value recursively.
 */
export function jsonObject(maxBytes: number) {
  return z.record(text().max(100), z.unknown()).superRefine((value, context) => {
    if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
      context.addIssue({ code: "custom", message: `Nested at most ${MAX_JSON_DEPTH} levels deep.` });
    } else if (JSON.stringify(value).length > maxBytes) {
      context.addIssue({ code: "custom", message: `At most ${maxBytes} bytes as JSON.` });
    }
  });
}

/** The OpenAPI words of a whole number a client sends: every count and limit fits in 32 bits. */
export const int32 = { format: "int32" };

/** A whole number a client sends, bounded, and documented as int32. */
export function integer(min: number, max: number) {
  return sharedInteger(min, max).meta(int32);
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

/** An id of these kinds (platform/lib/ids.ts), or one of `words`: packages/shared/src/bodies/fields.ts. */
export const idOf: (prefixes: IdPrefix | readonly IdPrefix[], words?: readonly string[]) => ReturnType<typeof sharedIdOf> = sharedIdOf;

export function idParam(prefix: IdPrefix, name: string) {
  return z.object({
    id: idOf(prefix).openapi({ param: { name: "id", in: "path" }, description: `The ${name}'s id (\`${prefix}_…\`).` }),
  });
}

/** An ISO-8601 UTC timestamp, as every `…At` field holds. */
export const timestamp = z.string().openapi({ format: "date-time", example: "2026-11-21T12:00:00.000Z" });

/** Who wrote a post or comment: an end user (`usr_…`) or a team member (`mem_…`). */
export const AuthorSchema = z.object({
  type: z.enum(["user", "member"]),
  id: idOf(["usr", "mem"]),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** The `{id}` of every route under /posts/{id}. */
export const postParam = idParam("post", "post");

type Described<T extends z.ZodObject> = Partial<Record<keyof T["shape"], { description?: string; example?: unknown; format?: string }>>;

/**
 * A request body declared in packages/shared/src/bodies, with the OpenAPI words of those of its
 * fields `words` names: the rules stay where the dashboard's forms read them too, the document's
 * words stay with the route. The words are zod metadata (`.meta`), which the document reads like
 * `.openapi`'s: a schema made before @hono/zod-openapi was loaded has no `.openapi`, and which
 * module loads first is not this file's to decide. The body returned is made here, so it has.
 */
export function documented<T extends z.ZodObject>(body: T, words: Described<T> = {}): T {
  const shape = Object.fromEntries(
    Object.entries(words)
      .filter(([field]) => field in body.shape)
      .map(([field, meta]) => [field, (body.shape[field] as z.ZodType).meta(meta ?? {})]),
  );
  return body.extend(shape) as unknown as T;
}

/**
 * A schema of a shared request body, made here and named as a component of the document (`Scope`):
 * the same rules, in a schema that can carry the name (`documented` says why it is made here).
 */
export function named<T extends z.ZodType>(schema: T, name: string, words: { description?: string } = {}): T {
  return schema.clone().openapi(name, words) as T;
}

/**
 * A shared body's list whose items the document shows as a named component (`named`): the list's
 * own rules (its counts) kept, its items `item`, which is the list's item named.
 */
export function withItems<T extends z.ZodArray>(list: T, item: z.ZodType): T {
  return list.clone({ ...list._zod.def, element: item }) as T;
}
