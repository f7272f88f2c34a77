import { type InputHTMLAttributes, type ReactNode, useId } from "react";

// A labelled form control with its hint and its field-level error from the problem+json `errors`
// (matched by the JSON pointer's name), tied together for screen readers.

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: ReactNode;
  error?: string;
}

export function Field({ label, name, hint, error, ...input }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error && (
        <p id={errorId} className="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The problem's message when no field error says it already. */
export function FormError({ problem }: { problem: { detail: string; fields: Record<string, string> } | null }) {
  if (!problem) return null;
  const fieldCount = Object.keys(problem.fields).length;
  return (
    <p className="error" role="alert">
      {fieldCount > 0 ? `${problem.detail} See the ${fieldCount === 1 ? "field" : "fields"} marked above.` : problem.detail}
    </p>
  );
}
