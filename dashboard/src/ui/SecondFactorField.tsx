import { useId, useState } from "react";
import { useFormContext } from "react-hook-form";
import { useFieldError } from "./form/FormField.js";

// The second step of signing in to an account with two-factor sign-in: the code of its
// authenticator app, or one of its recovery codes. The sign-in, password-link and invite forms
// show it once the server answered `two_factor_required`, and send the form again with it. Only
// the field shown is sent (the other leaves the form's values as it goes).

/** Whether a refusal asks for the second factor. */
export const asksForCode = (problem: { code?: string } | null) => problem?.code === "two_factor_required";

/** The server's request for a code, in a person's words (its own names the API's fields). */
export function forPeople<P extends { detail: string; code?: string }>(problem: P): P {
  return asksForCode(problem) ? { ...problem, detail: "Two-factor sign-in is on for this account: enter the code your authenticator app shows." } : problem;
}

export function SecondFactorField() {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const { register } = useFormContext();
  const name = recovery ? "recoveryCode" : "code";
  const error = useFieldError(name);
  const describedBy = `${id}-hint${error ? ` ${id}-error` : ""}`;
  return (
    <div className="field">
      <label htmlFor={id}>{recovery ? "Recovery code" : "Authentication code"}</label>
      <p id={`${id}-hint`} className="hint">
        {recovery ? "One of the ten codes you saved when you turned two-factor sign-in on; each works once." : "The 6 digits your authenticator app shows now."}
      </p>
      {recovery ? (
        <input
          key="recovery"
          id={id}
          autoComplete="off"
          required
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...register("recoveryCode", { shouldUnregister: true })}
        />
      ) : (
        <input
          key="code"
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // biome-ignore lint/a11y/noAutofocus: the code field appears after the password step; the person's next keystrokes are the code
          autoFocus
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          {...register("code", { shouldUnregister: true })}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
      <button type="button" className="link" onClick={() => setRecovery(!recovery)}>
        {recovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
      </button>
    </div>
  );
}
