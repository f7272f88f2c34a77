import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

// Statuses and boards are put in order by Up and Down buttons beside each, so the keyboard does
// what a drag would. The list shows the new order at once; the server's answer (or a refetch after
// a refusal) settles it. The button that moved a row keeps the keyboard's focus, in its new place.

/** Up and down the order, by the buttons beside each row. */
const MOVES = [
  { by: -1, word: "up", arrow: "↑" },
  { by: 1, word: "down", arrow: "↓" },
] as const;

type Page<T> = { data: T[] };

/**
 * Moves within the list cached under `key`, sent as every id in the new order; `refresh` reads it
 * again once the server has answered.
 */
export function useOrdering<T extends { id: string }>(key: QueryKey, send: (ids: string[]) => Promise<unknown>, refresh: () => unknown) {
  const queries = useQueryClient();
  const [focusId, setFocusId] = useState<string | null>(null);
  const reorder = useMutation({
    mutationFn: send,
    onMutate: (ids) => {
      const previous = queries.getQueryData<Page<T>>(key);
      if (previous) queries.setQueryData(key, { ...previous, data: ids.map((id) => previous.data.find((row) => row.id === id)!) });
    },
    onSettled: refresh,
  });
  const list = queries.getQueryData<Page<T>>(key)?.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again once the list re-renders in its new order, which moved the focused button
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId, list]);
  const move = (all: T[], index: number, by: -1 | 1, button: string) => {
    const ids = all.map((row) => row.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
    setFocusId(button);
  };
  return { move, error: reorder.error };
}

/** "Move Feature requests up" and "… down", each disabled at its end of the list. */
export function MoveButtons<T extends { id: string; name: string }>({
  kind,
  item,
  index,
  all,
  onMove,
}: {
  /** The rows' kind, in the buttons' ids: "status", "board". */
  kind: string;
  item: T;
  index: number;
  all: T[];
  onMove: (all: T[], index: number, by: -1 | 1, button: string) => void;
}) {
  return (
    <>
      {MOVES.map(({ by, word, arrow }) => (
        <button
          key={word}
          type="button"
          className="secondary"
          id={`${kind}-${word}-${item.id}`}
          disabled={!all[index + by]}
          onClick={() => onMove(all, index, by, `${kind}-${word}-${item.id}`)}
          aria-label={`Move ${item.name} ${word}`}
        >
          <span aria-hidden="true">{arrow}</span> {word === "up" ? "Up" : "Down"}
        </button>
      ))}
    </>
  );
}
