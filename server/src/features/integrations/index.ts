// What other features and the server's start-up may use from integrations.

export { readIntegrationsKey } from "./seal.js";
export { integrationQueue } from "./queue.js";
export { integrationsPass, purgeIntegrationHistory } from "./worker.js";
export { publicIssueStates } from "./public-states.js";
