import { useState } from "react";

// Copies a value that is shown anyway (a public key, a revealed secret), and says so.

/** Copies `value` to the clipboard; `copied` says how it went (without permission, as on an http page, it fails). */
export function useCopy(value: string): { copy: () => Promise<void>; copied: "no" | "yes" | "failed" } {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return { copy, copied };
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { copy, copied } = useCopy(value);
  return (
    <>
      <button type="button" onClick={copy} aria-label={label}>
        Copy
      </button>
      <span role="status" className="muted">
        {copied === "yes" ? "Copied." : copied === "failed" ? "Select the text to copy it." : ""}
      </span>
    </>
  );
}
