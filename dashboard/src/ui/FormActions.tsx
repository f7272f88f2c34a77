// A form's submit button (saying what it is doing while it waits) and, when given, its Cancel.

interface Props {
  pending: boolean;
  /** As in "Create key"; while pending the button says "Saving…" unless `pendingLabel` says otherwise. */
  label: string;
  pendingLabel?: string;
  onCancel?: () => void;
}

export function FormActions({ pending, label, pendingLabel = "Saving…", onCancel }: Props) {
  return (
    <div className="actions">
      <button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
