// What other features use of statuses: a status's name in a reader's language.
export { readTranslations, statusNameIn, type StatusTranslations } from "./names.js";
export { StatusTranslationsSchema } from "./schema.js";
