import { useFormContext, useFormState } from "react-hook-form";

// The form's own error: why the server refused it, when no field error says it all.

export function FormAlert() {
  const { control } = useFormContext();
  const message = useFormState({ control, name: "root" }).errors.root?.server?.message;
  if (!message) return null;
  return (
    <p className="error" role="alert">
      {message}
    </p>
  );
}
