import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { loadConfig } from "../config.js";
import { openDatabase } from "../platform/db/database.js";
import { log } from "../platform/lib/log.js";
import { databaseTimings } from "../platform/metrics/database.js";
import { pacer } from "../platform/lib/pace.js";
import { servingLoadOf } from "./serving-load.js";
import { servicesOf, startBackground } from "./services.js";

// The background thread (background.ts starts it): the scheduled jobs, webhook delivery and
// notification mail, on a database connection of their own, beside the thread that serves HTTP.
// The bundle builds this file on its own (dist/background-entry.js), without the routes.

/**
 * BACKGROUND_NICE (default 10). A nice value of 10 gives this thread about a tenth of a core while the serving thread wants the
 * rest (Linux's scheduler weighs nice 10 at 110 against nice 0's 1024), and all of it when the
 * server is idle. On Linux a thread's nice value is its own. Measured (docs/PERFORMANCE.md): with
 * the mail on this thread, 10,000 mails cost the API 12–18% of its reads rather than 30–45%; the
 * rest was the mail server's own CPU, which the mail's pacing (platform/lib/pace.ts) holds back.
 */
const port = parentPort;
if (!port) throw new Error("background-entry.ts runs as a worker thread (start/background.ts)");

const config = loadConfig();
try {
  setPriority(0, config.backgroundNice);
} catch (error) {
  log.warn("could not lower the background thread's priority", { error });
}
// Migrated already: the serving thread did it before it started this one. This thread also copies
// SQLite's WAL into the database file, for the whole server (platform/db/checkpointer.ts).
const { servingLoad, timings } = workerData as { servingLoad?: SharedArrayBuffer; timings?: SharedArrayBuffer };
// With metrics on, statements are timed into memory the serving thread reads (platform/metrics/database.ts).
const opened = openDatabase(config.databaseUrl, { poolSize: 4, checkpoints: "this-thread", timings: timings && databaseTimings("background", timings) });
const services = await servicesOf(config, opened);
const stopBackground = startBackground(config, services, servingLoad ? { pace: pacer({ load: servingLoadOf(servingLoad) }) } : {});
port.once("message", async () => {
  // Told to stop: the passes running end, then the connections close and the thread's loop empties.
  await stopBackground();
  services.mailer?.close();
  await opened.db.destroy();
  port.close();
});
