// What other parts may use from exports: the runner's pass and its queue (run with the background work) and the purge job.

export { exportQueue } from "./queue.js";
export { purgeExpiredExports } from "./run.js";
export { exportPass } from "./worker.js";
