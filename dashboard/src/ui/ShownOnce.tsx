import { useCopy } from "./CopyButton.js";

// A secret Heed stores only as a hash (an API key, a webhook signing secret) is shown here once,
// right after it is made, with a copy button. Leaving the page forgets it.

export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  // Without clipboard permission (an http page, a locked-down browser) the person selects it.
  const { copy, copied } = useCopy(value);
  return (
    <section className="shown-once" aria-label={label}>
      <h2>{label}</h2>
      <p>Copy it now: Heed keeps only a hash and cannot show it again.</p>
      <div className="secret-row">
        <code data-testid="secret">{value}</code>
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p role="status" className="muted">
        {copied === "yes" ? "Copied to the clipboard." : copied === "failed" ? "Copying is not allowed here: select the text and copy it." : ""}
      </p>
      <button type="button" className="secondary" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
