// What other features may use from members: everything else in this folder is its own business.

export { requireOwner, requireOwnerFor, requireOwnerForKeyScopes } from "./roles.js";
export { role } from "./schema.js";
