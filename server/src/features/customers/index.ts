// What other features may use from customers: everything else in this folder is its own business.

export { identify } from "./identify.js";
export { newIdentitySecret } from "./identity-proof.js";
export { PortalUserSchema, readIdentityClaims } from "./schema.js";
