import { describe, expect, it } from "vitest";
import { pacer } from "../../platform/lib/pace.js";
import { servingLoadOf, shareServingLoad } from "../serving-load.js";

// The background thread's mail yields to requests: it reads how busy the serving thread is, and
// while that thread is busy goes at a floor rate rather than stopping.

describe("background work that yields to serving", () => {
  it("reads the serving thread's event loop as busy while it works and idle while it waits", async () => {
    const shared = shareServingLoad();
    try {
      const load = servingLoadOf(shared.buffer);
      // Busy: a loop that never yields, in slices the sampling timer can run between.
      const busyUntil = Date.now() + 800;
      while (Date.now() < busyUntil) {
        const slice = Date.now() + 100;
        while (Date.now() < slice) {
          // working
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(load()).toBeGreaterThan(0.8);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(load()).toBeLessThan(0.2);
    } finally {
      shared.stop();
    }
  });

  it("lets every caller through at once while the server has room, and one every floor while it is busy", async () => {
    let load = 0.2;
    const pace = pacer({ load: () => load, floorMs: 40 });
    let started = Date.now();
    await Promise.all(Array.from({ length: 20 }, () => pace()));
    expect(Date.now() - started).toBeLessThan(30);

    load = 0.95;
    started = Date.now();
    const passed: number[] = [];
    await Promise.all(Array.from({ length: 6 }, () => pace().then(() => passed.push(Date.now() - started))));
    // Six callers at once: the first at once, then one each 40 ms (timers may fire a little late).
    expect(passed.length).toBe(6);
    expect(passed[5]!).toBeGreaterThanOrEqual(195);
    expect(passed[5]!).toBeLessThan(1_000);
  });
});
