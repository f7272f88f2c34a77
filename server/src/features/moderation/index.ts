// What other features may use from moderation: everything else in this folder is its own business.

export { submissionCounter } from "./burst.js";
export { screenSubmission } from "./screen.js";
export type { CountSubmission, Submission } from "./signals.js";
