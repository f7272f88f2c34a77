import { useState } from "react";

// Copies a value that is shown anyway (a public key, a revealed secret), and says so.

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button type="button" onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" className="muted">
        {state === "copied" ? "Copied." : state === "failed" ? "Select the text to copy it." : ""}
      </span>
    </>
  );
}
