import { useEffect, useId, useRef, useState } from "react";
import { TellFollowers } from "../../ui/TellFollowers.js";

// A card someone follows, dropped in another column: it waits there until the person moves it or
// puts it back, with "Tell the N people who follow" unticked (a drag is often tidying up, not
// news). The Move button takes the focus, so a keyboard drag ends with Enter.

interface Props {
  title: string;
  to: string;
  count: number;
  onMove: (notify: boolean) => void;
  onPutBack: () => void;
}

export function MoveConfirm({ title, to, count, onMove, onPutBack }: Props) {
  const id = useId();
  const [notify, setNotify] = useState(false);
  const move = useRef<HTMLButtonElement>(null);
  useEffect(() => move.current?.focus(), []);
  return (
    <section className="panel move-confirm" aria-labelledby={id}>
      <p id={id}>
        Move “{title}” to {to}?
      </p>
      <TellFollowers count={count} nobody="" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
      <div className="actions">
        <button type="button" ref={move} onClick={() => onMove(notify)}>
          Move
        </button>
        <button type="button" className="secondary" onClick={onPutBack}>
          Put it back
        </button>
      </div>
    </section>
  );
}
