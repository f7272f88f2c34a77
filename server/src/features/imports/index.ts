// What other parts may use from imports: the runner (started with the background work) and the purge job.

export { purgeExpiredUploads } from "./uploads.js";
export { importPass, startImports } from "./worker.js";
