import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { problemOf } from "../../api.js";

// A refused request on its form: each field error of the problem+json (`errors: [{pointer,
// detail}]`) on the field it names, focused; the rest, with the problem's detail, as the form's
// own error (`errors.root.server`, shown by FormAlert).

type Problem = ReturnType<typeof problemOf>;

export interface ProblemOptions<T extends FieldValues> {
  /** Where the API's name for a field differs from the form's, as in `{ expiresAt: "expires" }`. */
  fields?: Partial<Record<string, Path<T>>>;
  /** A field error in a person's words, as in "Line 2: …" for `allowedOrigins/1`. */
  describe?: (pointer: string, detail: string) => string;
  /** The problem in a person's words, before it is shown. */
  words?: (problem: Problem) => Problem;
  /** The field a problem without field errors is about (a confirmation code): shown there, not above. */
  fallback?: Path<T>;
}

// biome-ignore lint/suspicious/noExplicitAny: any form, whatever its transformed values
export function showProblem<T extends FieldValues>(form: UseFormReturn<T, any, any>, error: unknown, options: ProblemOptions<T> = {}): void {
  const problem = (options.words ?? ((p) => p))(problemOf(error));
  const known = new Set(Object.keys(form.getValues()));
  const onFields = new Map<Path<T>, string[]>();
  const elsewhere: string[] = [];
  for (const [pointer, detail] of Object.entries(problem.fields)) {
    const name = pointer.split("/")[0] ?? "";
    const field = options.fields?.[name] ?? (known.has(name) ? (name as Path<T>) : undefined);
    if (!field) elsewhere.push(detail);
    else onFields.set(field, [...(onFields.get(field) ?? []), options.describe?.(pointer, detail) ?? detail]);
  }
  if (onFields.size === 0 && options.fallback) onFields.set(options.fallback, [problem.detail]);
  [...onFields].forEach(([field, messages], i) => {
    form.setError(field, { type: "server", message: messages.join(" ") }, { shouldFocus: i === 0 });
  });
  const marked = onFields.size === 0 ? "" : ` See the ${onFields.size === 1 ? "field" : "fields"} marked above.`;
  form.setError("root.server", { type: problem.code ?? "server", message: [problem.detail + marked, ...elsewhere].join(" ") });
}
