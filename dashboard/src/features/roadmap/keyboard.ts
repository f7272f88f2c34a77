import type { KeyboardCoordinateGetter } from "@dnd-kit/core";

// Moving a card by keyboard: Space picks it up, the arrows jump to the previous or next column
// (left/right side by side, up/down when the columns are stacked on a phone), Space drops it and
// Escape puts it back. dnd-kit's default moves 25 px per key press, which is no use for columns.

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function columnCoordinates(columnIds: () => string[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const step = STEP[event.code];
    if (!step) return undefined;
    event.preventDefault();
    const order = columnIds();
    const current = String(context.over?.id ?? context.active?.data.current?.statusId ?? "");
    const next = order[Math.min(order.length - 1, Math.max(0, order.indexOf(current) + step))];
    // Columns are measured just after the pick-up; a key pressed before that reads the column itself.
    const rect =
      next === undefined ? undefined : (context.droppableRects.get(next) ?? context.droppableContainers.get(next)?.node.current?.getBoundingClientRect());
    // The card's corner just inside the column: the column it overlaps most is the target.
    return rect ? { x: rect.left + 8, y: rect.top + 8 } : undefined;
  };
}
