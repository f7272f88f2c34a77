import type { Context } from "hono";
import type { z } from "zod";
import { HeedError, type FieldError, type FieldErrorCode } from "../platform/errors.js";

// Turns zod issues into `errors: [{pointer, code, detail, limit?}]`. Body fields point into the body
// (`/title`); parameters say where they came from (`/query/limit`, `/path/id`). The code is Heed's
// own (FIELD_ERROR_CODES), so a client words it without reading zod's English in `detail`.

const PLACES: Record<string, string> = { json: "", query: "/query", param: "/path", header: "/header" };

function escapePointer(segment: PropertyKey): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * `input` is what was validated: a field missing from it is `required`, where zod says only that
 * the type is wrong (it keeps no input on its issues).
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], target: string, prefix = "", input?: unknown): FieldError[] {
  const base = prefix || (PLACES[target] ?? "");
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = base + issue.path.map((p) => `/${escapePointer(p)}`).join("");
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // "Matches no alternative" helps nobody: report the alternative the input came closest to.
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      out.push(...fieldErrors(closest, target, path, valueAt(input, issue.path)));
    } else if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ pointer: `${path}/${escapePointer(key)}`, code: "unknown_field", detail: "Unknown field." });
    } else {
      out.push({ pointer: path || "/", ...codeOf(issue, valueAt(input, issue.path)), detail: issue.message });
    }
  }
  return out;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Heed's code for one zod issue, with the bound a size issue names. */
function codeOf(issue: z.core.$ZodIssue, value: unknown): { code: FieldErrorCode; limit?: number } {
  switch (issue.code) {
    case "invalid_type":
      return { code: value === undefined ? "required" : "wrong_type" };
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const bound = small ? issue.minimum : issue.maximum;
      // Numbers and lengths; a bigint bound is read as a number, a date bound is left out.
      const limit = typeof bound === "number" ? bound : typeof bound === "bigint" ? Number(bound) : undefined;
      const code: FieldErrorCode =
        issue.origin === "string"
          ? small
            ? "too_short"
            : "too_long"
          : issue.origin === "array" || issue.origin === "set"
            ? small
              ? "too_few"
              : "too_many"
            : small
              ? "too_small"
              : "too_large";
      return limit === undefined ? { code } : { code, limit };
    }
    case "invalid_value":
    case "invalid_key":
      return { code: "not_allowed" };
    case "invalid_format":
      return { code: "invalid_format" };
    default:
      return { code: "invalid" };
  }
}

/** The defaultHook of every route: a failed validation is a 400 problem, never a 5xx. */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError; target: string; data?: unknown }, _c: Context): void {
  if (!result.success) {
    const errors = fieldErrors(result.error.issues, result.target, "", result.data);
    throw new HeedError("validation_failed", `The request has ${errors.length === 1 ? "an invalid field" : `${errors.length} invalid fields`}.`, {
      errors,
    });
  }
}
