import type { Role } from "../../../../packages/shared/src/roles.js";
import { HeedError } from "../../platform/errors.js";
import type { Scope } from "../../../../packages/shared/src/scopes.js";

// The refusals that keep ownership with owners; the roles themselves and their scopes are shared
// with the dashboard (packages/shared/src/roles.ts).

/**
 * Ownership stays with owners: a member acting through the dashboard who is not an owner cannot
 * make, change or remove an owner, nor invite one. API keys are not people and have no role: their
 * scopes alone decide.
 */
export function requireOwnerFor(actor: { role?: Role }, touchesOwnership: boolean): void {
  if (touchesOwnership && actor.role !== undefined && actor.role !== "owner") {
    throw new HeedError("owner_only", "Only an owner may make, change, remove or invite an owner.");
  }
}

/**
 * What only an owner's session does besides ownership: who may sign people in (the workspace's
 * single sign-on provider, two-factor rules), since whoever controls that can become anyone.
 */
export function requireOwner(actor: { role?: Role }, what: string): void {
  if (actor.role !== undefined && actor.role !== "owner") throw new HeedError("owner_only", `Only an owner may ${what}.`);
}

/** Scopes that reach what only owners do: ownership (`members:write`) and sign-in rules (`workspace:write`). */
const OWNER_SCOPES: readonly Scope[] = ["*", "members:write", "workspace:write"];

/**
 * The scopes a key minted by this actor may not hold unless the actor is an owner: a key has no
 * role, so a key with `members:write`, `workspace:write` (or `*`) could make, change or remove
 * owners, or point the workspace's single sign-on at a provider that vouches for an owner. Without
 * this, an admin's session could mint one and step around the ownership rule.
 */
export function requireOwnerForKeyScopes(actor: { role?: Role }, scopes: readonly Scope[]): void {
  if (actor.role !== undefined && actor.role !== "owner" && scopes.some((s) => OWNER_SCOPES.includes(s))) {
    throw new HeedError("owner_only", "Only an owner may mint a key with `*`, `members:write` or `workspace:write`.");
  }
}
