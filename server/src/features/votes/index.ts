// What other features may use from votes: everything else in this folder is its own business.

export { castVote } from "./add.js";
export { castAuthorVote } from "./author-vote.js";
export { withdrawVote } from "./remove.js";
export { VoterSchema } from "./schema.js";
