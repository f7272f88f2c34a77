import { deleteWorkspaceSingleSignOn, getWorkspaceSingleSignOn, putWorkspaceSingleSignOn } from "../single-sign-on.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { PutWorkspaceSingleSignOnSchema, WorkspaceSingleSignOnSchema } from "../../accounts/index.js";

// The workspace's own OpenID Connect provider: read it, set it, remove it.

export const getWorkspaceSingleSignOnOperation = defineOperation(
  {
    method: "get",
    path: "/workspace/single-sign-on",
    operationId: "getWorkspaceSingleSignOn",
    tag: "Workspace",
    summary: "Get the workspace's single sign-on",
    description: "The workspace's own OpenID Connect provider, without its client secret. 404 when it has none (the server's provider, if any, applies).",
    credential: secretKey("workspace:read"),
    answer: { status: 200, schema: WorkspaceSingleSignOnSchema, description: "The provider." },
    errors: ["not_found"],
  },
  { verb: getWorkspaceSingleSignOn },
);

export const putWorkspaceSingleSignOnOperation = defineOperation(
  {
    method: "put",
    path: "/workspace/single-sign-on",
    operationId: "putWorkspaceSingleSignOn",
    tag: "Workspace",
    summary: "Set the workspace's single sign-on",
    description:
      "Sets or replaces the workspace's own OpenID Connect provider (Okta, Entra ID, Google Workspace, Keycloak): register `callbackUrl` at the provider. Its people sign in through it once each has linked it while signed in (`POST /v1/auth/oidc/link`); verified emails of `allowedDomains` that have no account yet sign up as members. It opens only accounts that belong to this workspace alone, and never an account by its email. An owner's alone: an admin's session gets 403 `owner_only` (and only owners mint keys with `workspace:write`).",
    credential: secretKey("workspace:write"),
    body: PutWorkspaceSingleSignOnSchema,
    answer: { status: 200, schema: WorkspaceSingleSignOnSchema, description: "The provider as set." },
    errors: ["owner_only"],
  },
  { verb: putWorkspaceSingleSignOn },
);

export const deleteWorkspaceSingleSignOnOperation = defineOperation(
  {
    method: "delete",
    path: "/workspace/single-sign-on",
    operationId: "deleteWorkspaceSingleSignOn",
    tag: "Workspace",
    summary: "Remove the workspace's single sign-on",
    description:
      "Its people sign in with their passwords (or the server's provider) from now on; sessions already open stay open. An owner's alone (403 `owner_only` for an admin's session).",
    credential: secretKey("workspace:write"),
    answer: { status: 204, description: "Removed." },
    errors: ["not_found", "owner_only"],
  },
  { verb: deleteWorkspaceSingleSignOn },
);
