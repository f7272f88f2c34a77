// What the rest of Heed uses of bulk jobs: the runner's pass and its queue, run with the background work.
export { bulkJobQueue } from "./queue.js";
export { bulkJobPass } from "./worker.js";
