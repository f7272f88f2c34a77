import { type ComponentProps, type ReactNode, useId } from "react";
import { useFormContext, useFormState } from "react-hook-form";

// A labelled control with its hint and its error (the schema's, or the server's for that field),
// tied together for screen readers: aria-invalid, and aria-describedby naming the hint and error.

interface Frame {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** The control, given its id and its accessible description. */
  children: (control: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
  className?: string;
}

export function FieldFrame({ label, hint, error, children, className = "field" }: Frame) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), ...(describedBy ? { "aria-describedby": describedBy } : {}) })}
      {error && (
        <p id={errorId} className="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The error of a field of the form around it, by its name (`access.posts` for a nested one). */
export function useFieldError(name: string): string | undefined {
  const { control, getFieldState } = useFormContext();
  const state = useFormState({ control, name });
  return getFieldState(name, state).error?.message;
}

type Common = { name: string; label: string; hint?: ReactNode };

/** A control of the form around it, in its frame: `render` draws it with its id, description and registration. */
function Registered({ name, label, hint, render }: Common & { render: (props: object) => ReactNode }) {
  const { register } = useFormContext();
  return (
    <FieldFrame label={label} hint={hint} error={useFieldError(name)}>
      {(control) => render({ ...control, ...register(name) })}
    </FieldFrame>
  );
}

export function FormField({ name, label, hint, ...input }: Common & Omit<ComponentProps<"input">, "name">) {
  return <Registered name={name} label={label} hint={hint} render={(props) => <input {...input} {...props} />} />;
}

export function FormSelect({ name, label, hint, ...select }: Common & Omit<ComponentProps<"select">, "name">) {
  return <Registered name={name} label={label} hint={hint} render={(props) => <select {...select} {...props} />} />;
}

export function FormTextArea({ name, label, hint, ...textarea }: Common & Omit<ComponentProps<"textarea">, "name">) {
  return <Registered name={name} label={label} hint={hint} render={(props) => <textarea {...textarea} {...props} />} />;
}

/** A checkbox with its words beside it. */
export function FormCheckbox({ name, children, ...input }: { name: string; children: ReactNode } & Omit<ComponentProps<"input">, "name" | "type">) {
  const { register } = useFormContext();
  return (
    <label className="choice">
      <input type="checkbox" {...input} {...register(name)} /> {children}
    </label>
  );
}
