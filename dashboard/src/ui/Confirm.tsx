import { type ReactNode, useId, useRef } from "react";

// Nothing destructive happens on one click: the button opens a modal <dialog> that says what will
// happen; showModal() focuses its first button, the safe "Cancel", and Escape closes it.

interface Props {
  /** The button's text, as in "Revoke". */
  label: string;
  /** An accessible name when the label alone is ambiguous in a list, as in "Revoke Deploy bot". */
  ariaLabel?: string;
  title: string;
  children: ReactNode;
  /** The confirming button's text, as in "Revoke the key". */
  confirm: string;
  /** What happens once confirmed: a function, or a write (run, and the button disabled while it runs). */
  onConfirm?: () => void;
  run?: { mutate: () => void; isPending: boolean };
  disabled?: boolean;
  className?: string;
  /** Called as the dialog opens: to load what it shows only when someone looks. */
  onOpen?: () => void;
}

export function ConfirmButton({ label, ariaLabel, title, children, confirm, onConfirm, run, disabled = run?.isPending, className = "danger", onOpen }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="confirm">
        <h2 id={titleId}>{title}</h2>
        <div>{children}</div>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              dialog.current?.close();
              (onConfirm ?? run?.mutate)?.();
            }}
          >
            {confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
