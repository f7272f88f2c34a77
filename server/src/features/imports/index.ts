// What other parts may use from imports: the runner's pass and its queue (run with the background work) and the purge job.

export { purgeExpiredUploads } from "./uploads.js";
export { importQueue } from "./queue.js";
export { importPass } from "./worker.js";
