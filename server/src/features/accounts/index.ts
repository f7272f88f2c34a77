// What other features may use from accounts: everything else in this folder is its own business.

export { describeSession, type SessionView } from "./describe.js";
export { hashPassword, verifyPassword } from "./password.js";
export { createPasswordResetLinkOperation } from "./routes/password-reset-link.js";
export { SessionSchema, accountWords } from "./schema.js";
export { countSignInAttempt } from "./sign-in-limits.js";
export { PutWorkspaceSingleSignOnSchema, WorkspaceSingleSignOnSchema } from "./single-sign-on-schema.js";
export { checkSecondFactor, type SecondFactor } from "./two-factor.js";
