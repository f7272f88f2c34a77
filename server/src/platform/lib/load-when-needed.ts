import { createRequire } from "node:module";

// Libraries a server may never use (pg on SQLite, ioredis without REDIS_URL, nodemailer until a
// mail goes out) are loaded the first time they are needed rather than when the bundle starts: each
// one loaded is code and heap held by every thread that imports it, for the life of the process.
// Measured in docs/PERFORMANCE.md ("Memory"). They are CommonJS packages, so
// require() loads them synchronously, where they are first used.

const require = createRequire(import.meta.url);

/** A function that loads `name` on its first call and returns the same module after. */
export function loadWhenNeeded<T>(name: string, prepare?: (loaded: T) => void): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded === undefined) {
      loaded = require(name) as T;
      prepare?.(loaded);
    }
    return loaded;
  };
}
