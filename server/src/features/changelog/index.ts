// What other features may use from changelog: everything else in this folder is its own business.

export { ChangelogEntrySchema, ChangelogType } from "./schema.js";
