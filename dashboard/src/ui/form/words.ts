import type { z } from "zod";

// The dashboard's words for what a request body's rule refuses (packages/shared/src/bodies): the
// body says what is allowed, the form says it to a person. A rule that brings its own words (a
// colour's "A colour as #rrggbb.") keeps them; a form may name its own for a field (`worded`).

/** For each field (by its dotted path), the words for the issues of that code. */
export type Words = Record<string, Partial<Record<z.core.$ZodIssue["code"], string>>>;

const FORM_WORDS = new WeakMap<object, Words>();

/** The schema, with these words for its fields' issues. */
export function worded<S extends z.ZodType>(schema: S, words: Words): S {
  FORM_WORDS.set(schema, words);
  return schema;
}

/** The words a form shows for an issue: the form's own for the field, else the dashboard's. */
export function wordsFor(schema: object): (issue: z.core.$ZodRawIssue) => string | undefined {
  const own = FORM_WORDS.get(schema) ?? {};
  return (issue) => {
    const field = own[(issue.path ?? []).join(".")]?.[issue.code];
    if (field) return field;
    if (issue.code === "too_small" && issue.origin === "string") return issue.minimum === 1 ? "Required." : `At least ${issue.minimum} characters.`;
    if (issue.code === "invalid_format" && issue.format === "email")
      return issue.input === "" ? "Required." : "Enter an email address, such as ada@example.com.";
    return undefined;
  };
}
