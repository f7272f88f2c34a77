// What the rest of Heed uses of bulk jobs: the runner, started with the background work.
export { bulkJobPass, startBulkJobs } from "./worker.js";
