import { z } from "zod";

// The server's rules for what a person types (server/src/platform/fields.ts and the features'
// schema.ts), for the forms' schemas: the same checks, so the same words, in the browser. The
// numbers beside each use are the server's limits for that field.

/** Text the server trims, then takes at most `max` characters of. */
export const trimmed = (max: number) => z.string().trim().max(max);

/** Text the server trims and requires. */
export const required = (max: number) => z.string().trim().min(1, "Required.").max(max);

/** An email address, as the server reads it (trimmed, lower case). */
export const email = () => z.string().trim().toLowerCase().max(320).pipe(z.email());

/** A colour as `#rrggbb`. */
export const color = () =>
  z
    .string()
    .max(7)
    .regex(/^#[0-9a-fA-F]{6}$/, "A colour as #rrggbb.");

/** Empty text (a field left blank) as null; anything else as the schema reads it. */
export const orNull = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? null : text))
    .pipe(schema.nullable());

/** A whole number typed into a field, or null when it is left empty. */
export const optionalInteger = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((text) => (text === "" ? null : Number(text)))
    .pipe(z.number().int().min(min).max(max).nullable());

/** What a text input holds, trimmed, then checked by a request body's field. */
export const typed = <T extends z.ZodType<unknown, string>>(field: T) => z.string().trim().pipe(field);

/** A text input left empty sends nothing (the body's optional field); anything else as the field reads it. */
export const blankAsAbsent = <T extends z.ZodType<unknown, string | undefined>>(field: T) =>
  z
    .string()
    .trim()
    .transform((text) => text || undefined)
    .pipe(field);
