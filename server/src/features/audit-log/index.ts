// What other features may use from audit-log: everything else in this folder is its own business.

export { ActorSchema, AuditActionSchema } from "./schema.js";
export { actorNames } from "./actor-names.js";
