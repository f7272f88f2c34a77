// What other features may use from workspace: everything else in this folder is its own business.

export { workspaceProvider } from "./single-sign-on.js";
export { currentSlugOf } from "./slug.js";
