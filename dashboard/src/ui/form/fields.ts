import { z } from "zod";

// How the forms' schemas read what a person types into a request body's field (packages/shared/
// src/bodies): the body's own rules check it, so the browser says what the server would. `trimmed`
// is for the few forms that fill no body (a filter, a query).

/** Text trimmed, at most `max` characters: a filter's or a query's, which no body checks. */
export const trimmed = (max: number) => z.string().trim().max(max);

/** What a text input holds, trimmed, then checked by a request body's field. */
export const typed = <T extends z.ZodType<unknown, string>>(field: T) => z.string().trim().pipe(field);

/** A text input left empty sends nothing (the body's optional field); anything else as the field reads it. */
export const blankAsAbsent = <T extends z.ZodType<unknown, string | undefined>>(field: T) =>
  z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(field);

/** A text input left empty sends null (the body's nullable field); anything else as the field reads it. */
export const blankAsNull = <T extends z.ZodType<unknown, string | null>>(field: T) =>
  z
    .string()
    .trim()
    .transform((text) => text || null)
    .pipe(field);

/** A whole number typed into a field, or null when it is left empty, checked by the body's nullable field. */
export const integerOrNull = <T extends z.ZodType<unknown, number | null>>(field: T) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? null : Number(text)))
    .pipe(field);

/**
 * A body's list typed as text, an item per line (or as `separator` splits it). Each item is checked
 * by the list's own item rule, its words led by `where` (a field shows one message, so it says which
 * item), then the list by the list's rules (its count).
 */
export function typedList<T extends z.ZodArray<z.ZodType<unknown, string>>>(list: T, separator: RegExp, where: (index: number) => string) {
  return z
    .string()
    .transform((text, context) =>
      text
        .split(separator)
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item, i) => {
          const checked = list.element.safeParse(item);
          if (checked.success) return checked.data;
          context.addIssue({ code: "custom", message: `${where(i)}${checked.error.issues[0]!.message}` });
          return item;
        }),
    )
    .pipe(list);
}
