import { afterAll } from "vitest";
import { resetClock } from "../../src/platform/lib/clock.js";

// Run before every test file. The files of a worker share their modules (vitest.config.ts: not
// isolated), so what one file changes in the process is put back before the next begins: the
// clock is the one such state (caches are per database, and each file has its own).
afterAll(() => {
  resetClock();
});
