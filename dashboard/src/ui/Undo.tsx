import { type ReactNode, createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { ErrorAlert } from "./QueryState.js";

// What deletes something at once offers to take it back: the frame says what was done, with an
// Undo button, until the person closes it or does another such thing. It lives in the frame, not
// in the page that acted, because that page often goes (a rejected post's page returns to the
// inbox). It waits for no timer: someone who reads or moves slowly has as long as they need, and
// the trash keeps what was deleted after the notice is gone. Undo takes the focus, since the
// button that acted has usually left the page.

export interface UndoOffer {
  /** What was done, as in "Rejected “Cheap watches”." */
  done: string;
  /** Takes it back; rejects with the server's refusal. */
  undo: () => Promise<unknown>;
  /** What is said once taken back, as in "Restored “Cheap watches”: it waits for approval again." */
  undone: string;
}

type State = { offer: UndoOffer; step: "offered" | "undoing" | "undone"; error?: unknown; at: number };

const OfferUndo = createContext<(offer: UndoOffer) => void>(() => {});

/** Shows `offer` in the frame, in place of any earlier one. */
export function useOfferUndo(): (offer: UndoOffer) => void {
  return useContext(OfferUndo);
}

export function UndoProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const offer = useCallback((next: UndoOffer) => setState({ offer: next, step: "offered", at: Date.now() }), []);
  const offeredAt = state?.step === "offered" ? state.at : null;
  useEffect(() => {
    if (offeredAt !== null) button.current?.focus();
  }, [offeredAt]);
  const undo = async () => {
    if (!state) return;
    setState({ ...state, step: "undoing", error: undefined });
    try {
      await state.offer.undo();
      setState((s) => (s?.at === state.at ? { ...state, step: "undone" } : s));
    } catch (error) {
      setState((s) => (s?.at === state.at ? { ...state, step: "offered", error } : s));
    }
  };
  return (
    <OfferUndo.Provider value={offer}>
      {children}
      <div className={state ? "undo-notice shown" : "undo-notice"} role="status">
        {state && (
          <>
            <p>{state.step === "undone" ? state.offer.undone : state.offer.done}</p>
            {state.step !== "undone" && (
              <button ref={button} type="button" disabled={state.step === "undoing"} onClick={undo}>
                {state.step === "undoing" ? "Undoing…" : "Undo"}
              </button>
            )}
            <button type="button" className="link" onClick={() => setState(null)}>
              Close<span className="visually-hidden"> this notice</span>
            </button>
            <ErrorAlert error={state.error} lead="Not undone." />
          </>
        )}
      </div>
    </OfferUndo.Provider>
  );
}
