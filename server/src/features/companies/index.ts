// What other features may use from companies: everything else in this folder is its own business.

export { storeCompany } from "./upsert.js";
