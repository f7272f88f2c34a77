// What other features may use from invites: everything else in this folder is its own business.

export { acceptInviteOperation, getInviteOperation } from "./routes/accept.js";
export { createInviteOperation, listInvitesOperation, revokeInviteOperation } from "./routes/invites.js";
