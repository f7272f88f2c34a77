// Background work that yields to requests: `pace()` returns at once while the serving thread has
// room, and while it is busy lets one caller through every `floorMs` (20 a second by default), so
// the work never stops however long the burst of requests lasts.

export interface PaceOptions {
  /** The serving thread's load, 0 to 1 (start/serving-load.ts). */
  load: () => number;
  /** Busy from this load up. */
  busyAbove?: number;
  floorMs?: number;
}

export function pacer({ load, busyAbove = 0.9, floorMs = 50 }: PaceOptions): () => Promise<void> {
  let nextSlot = 0;
  return async () => {
    if (load() < busyAbove) return;
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + floorMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}
