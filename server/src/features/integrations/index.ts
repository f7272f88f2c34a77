// What other features and the server's start-up may use from integrations.

export { readIntegrationsKey } from "./seal.js";
export { integrationsPass, startIntegrations } from "./worker.js";
export { integrationsFollower } from "./fanout.js";
export { publicIssueStates } from "./public-states.js";
