import { grants, type Scope } from "../../../packages/shared/src/scopes.js";
import { HeedError } from "./errors.js";

// The permission sets are shared with the dashboard (packages/shared/src/scopes.ts); the server's part
// is the refusal.

export function requireScope(held: readonly Scope[], needed: Scope): void {
  if (!grants(held, needed)) {
    throw new HeedError("missing_scope", `This credential lacks the permission '${needed}'.`, {
      extra: { requiredScope: needed },
    });
  }
}
