// What other features may use from users: everything else in this folder is its own business.

export { UserSchema, userFields } from "./schema.js";
export { storeUser } from "./upsert.js";
export { findUser, toUserView } from "./view.js";
export { personalData, type PersonalData } from "./personal-data/document.js";
export { PersonalDataSchema } from "./schema.js";
