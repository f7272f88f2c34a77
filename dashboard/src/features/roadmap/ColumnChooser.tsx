import type { Schemas } from "@heed/client";
import { type ColumnChoice, moved, toggled } from "./columns.js";

// "Columns": which statuses the roadmap shows and in which order, as a disclosure above the board.
// Each status is a checkbox and two buttons, so the keyboard and a screen reader reach all of it.

type Status = Schemas["Status"];

interface Props {
  arranged: { status: Status; shown: boolean }[];
  choice: ColumnChoice;
  choose: (next: ColumnChoice) => void;
  reset?: () => void;
}

export function ColumnChooser({ arranged, choice, choose, reset }: Props) {
  const shown = arranged.filter((a) => a.shown).length;
  return (
    <details className="column-chooser">
      <summary>
        Columns{" "}
        <span className="muted">
          ({shown} of {arranged.length})
        </span>
      </summary>
      <div className="chooser-panel">
        <ol>
          {arranged.map(({ status, shown }, i) => (
            <li key={status.id}>
              <label className="choice">
                <input type="checkbox" checked={shown} onChange={(e) => choose(toggled(choice, status.id, e.target.checked))} /> {status.name}
              </label>
              <span className="order-buttons">
                <button
                  type="button"
                  className="secondary"
                  disabled={i === 0}
                  aria-label={`Move ${status.name} earlier`}
                  onClick={() => choose(moved(arranged, choice, status.id, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="secondary"
                  disabled={i === arranged.length - 1}
                  aria-label={`Move ${status.name} later`}
                  onClick={() => choose(moved(arranged, choice, status.id, 1))}
                >
                  ↓
                </button>
              </span>
            </li>
          ))}
        </ol>
        <p className="hint">Kept in this browser. New posts land in the default status and closed ones are done with, so those start hidden.</p>
        {reset && (
          <button type="button" className="link" onClick={reset}>
            Back to the default columns
          </button>
        )}
      </div>
    </details>
  );
}
