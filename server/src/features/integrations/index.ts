// What other features and the server's start-up may use from integrations.

export { readIntegrationsKey } from "./seal.js";
export { integrationsFollower } from "./fanout.js";
export { integrationQueue } from "./queue.js";
export { integrationsPass, integrationsSendPass, purgeIntegrationHistory } from "./worker.js";
export { publicIssueStates } from "./public-states.js";
