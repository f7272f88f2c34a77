import { useFormState } from "react-hook-form";

// A form's submit button (disabled, and saying what it is doing, while the form is sent) and, when
// given, its Cancel.

interface Props {
  /** Busy for another reason than this form's own sending. */
  pending?: boolean;
  /** As in "Create key"; while sending the button says "Saving…" unless `pendingLabel` says otherwise. */
  label: string;
  pendingLabel?: string;
  onCancel?: (() => void) | undefined;
}

export function FormActions({ pending = false, label, pendingLabel = "Saving…", onCancel }: Props) {
  const busy = useFormState().isSubmitting || pending;
  return (
    <div className="actions">
      <button type="submit" disabled={busy}>
        {busy ? pendingLabel : label}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
