// What other parts may use from exports: the runner (started with the background work) and the purge job.

export { purgeExpiredExports } from "./run.js";
export { exportPass, startExports } from "./worker.js";
