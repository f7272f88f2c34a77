import type { Context } from "hono";
import type { z } from "zod";
import { HeedError, type FieldError } from "../platform/errors.js";

// Turns zod issues into `errors: [{pointer, detail}]`. Body fields point into the body (`/title`);
// parameters say where they came from (`/query/limit`, `/path/id`).

const PLACES: Record<string, string> = { json: "", query: "/query", param: "/path", header: "/header" };

function escapePointer(segment: PropertyKey): string {
  return String(segment).replace(/~/g, "~0").replace(/\//g, "~1");
}

export function fieldErrors(issues: readonly z.core.$ZodIssue[], target: string, prefix = ""): FieldError[] {
  const base = prefix || (PLACES[target] ?? "");
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = base + issue.path.map((p) => `/${escapePointer(p)}`).join("");
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // "Matches no alternative" helps nobody: report the alternative the input came closest to.
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      out.push(...fieldErrors(closest, target, path));
    } else if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ pointer: `${path}/${escapePointer(key)}`, detail: "Unknown field." });
    } else {
      out.push({ pointer: path || "/", detail: issue.message });
    }
  }
  return out;
}

/** The defaultHook of every route: a failed validation is a 400 problem, never a 5xx. */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError; target: string }, _c: Context): void {
  if (!result.success) {
    const errors = fieldErrors(result.error.issues, result.target);
    throw new HeedError("validation_failed", `The request has ${errors.length === 1 ? "an invalid field" : `${errors.length} invalid fields`}.`, {
      errors,
    });
  }
}
