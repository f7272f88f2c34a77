import { useCopy } from "./CopyButton.js";

// A secret shown once, right after it is made, with a copy button: an API key or a link, of which
// Heed keeps only a hash, or a webhook signing secret, which Heed keeps (it signs with it) but never
// shows again. Leaving the page forgets it.

const HASH_ONLY = "Copy it now: Heed keeps only a hash and cannot show it again.";

export function ShownOnce({ label, value, onDone, note = HASH_ONLY }: { label: string; value: string; onDone: () => void; note?: string }) {
  // Without clipboard permission (an http page, a locked-down browser) the person selects it.
  const { copy, copied } = useCopy(value);
  return (
    <section className="shown-once" aria-label={label}>
      <h2>{label}</h2>
      <p>{note}</p>
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
