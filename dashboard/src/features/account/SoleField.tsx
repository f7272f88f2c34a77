import { type ComponentProps, type ReactNode, useId } from "react";
import { useFormContext, useFormState } from "react-hook-form";

// The one field of a short form (the email that asks for a password link, the new password), whose
// error, or the server's refusal, is the form's one alert under it.

interface Props extends Omit<ComponentProps<"input">, "name" | "children"> {
  name: string;
  label: string;
  /** What comes between the field and the alert (the second factor, once asked for). */
  children?: ReactNode;
}

export function SoleField({ name, label, children, ...input }: Props) {
  const ids = { field: useId(), alert: useId() };
  const { register, control } = useFormContext();
  const { errors } = useFormState({ control });
  const fieldError = errors[name]?.message;
  const problem = typeof fieldError === "string" ? fieldError : errors.root?.server?.message;
  return (
    <>
      <label htmlFor={ids.field}>{label}</label>
      <input
        id={ids.field}
        required
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={problem ? ids.alert : undefined}
        {...input}
        {...register(name)}
      />
      {children}
      {problem && (
        <p id={ids.alert} className="error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
