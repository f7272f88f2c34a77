import { useId, useState } from "react";

// The second step of signing in to an account with two-factor sign-in: the code of its
// authenticator app, or one of its recovery codes. The sign-in, password-link and invite forms
// show it once the server answered `two_factor_required`, and send the form again with it.

/** Whether a refusal asks for the second factor. */
export const asksForCode = (problem: { code?: string } | null) => problem?.code === "two_factor_required";

/** The server's request for a code, in a person's words (its own names the API's fields). */
export function forPeople<P extends { detail: string; code?: string }>(problem: P): P {
  return asksForCode(problem) ? { ...problem, detail: "Two-factor sign-in is on for this account: enter the code your authenticator app shows." } : problem;
}

/** The code or recovery code the form holds, as the API takes it. */
export function secondFactorOf(form: FormData): { code?: string; recoveryCode?: string } {
  const code = String(form.get("code") ?? "").replace(/\s/g, "");
  const recoveryCode = String(form.get("recoveryCode") ?? "").trim();
  return code ? { code } : recoveryCode ? { recoveryCode } : {};
}

export function SecondFactorField({ error }: { error?: string | undefined }) {
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{recovery ? "Recovery code" : "Authentication code"}</label>
      <p id={`${id}-hint`} className="hint">
        {recovery ? "One of the ten codes you saved when you turned two-factor sign-in on; each works once." : "The 6 digits your authenticator app shows now."}
      </p>
      {recovery ? (
        <input key="recovery" id={id} name="recoveryCode" autoComplete="off" required aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined} />
      ) : (
        <input
          key="code"
          id={id}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // biome-ignore lint/a11y/noAutofocus: the code field appears after the password step; the person's next keystrokes are the code
          autoFocus
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
      )}
      <button type="button" className="link" onClick={() => setRecovery(!recovery)}>
        {recovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
      </button>
    </div>
  );
}
