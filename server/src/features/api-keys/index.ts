// What other features may use from api-keys: everything else in this folder is its own business.

export { settleKeysOfRemovedMember } from "./removed-creator.js";
