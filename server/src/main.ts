import cluster from "node:cluster";
import { loadConfig } from "./config.js";
import { runPrimary } from "./start/primary.js";
import { runInstance } from "./start/instance.js";

// Start-up: read config, open and migrate the database, create the demo workspace on first run,
// then serve HTTP until SIGINT/SIGTERM: from this process (WORKERS=1), or from WORKERS processes
// that this one starts and looks after (start/primary.ts).
const config = loadConfig();
if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await runInstance(config, cluster.isWorker ? "worker" : "whole");
