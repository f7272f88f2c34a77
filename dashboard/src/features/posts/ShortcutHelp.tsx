import { forwardRef } from "react";
import { SHORTCUTS } from "./shortcuts.js";

// The list of triage keys, opened with "?" (or the button beside the inbox's title).

export const ShortcutHelp = forwardRef<HTMLDialogElement>(function ShortcutHelp(_props, ref) {
  return (
    <dialog ref={ref} className="confirm" aria-labelledby="shortcut-help-title">
      <h2 id="shortcut-help-title">Keyboard shortcuts</h2>
      <dl className="facts">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="shortcut">
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.action}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="actions">
        <button type="submit" className="secondary">
          Close
        </button>
      </form>
    </dialog>
  );
});
