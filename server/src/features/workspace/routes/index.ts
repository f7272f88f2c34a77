import type { Operation } from "../../../http/define-operation.js";
import { getIdentitySecretOperation, rotateIdentitySecretOperation, rotatePublicKeyOperation } from "./keys.js";
import { getWorkspaceOperation, updateWorkspaceOperation } from "./settings.js";
import { deleteWorkspaceSingleSignOnOperation, getWorkspaceSingleSignOnOperation, putWorkspaceSingleSignOnOperation } from "./single-sign-on.js";

export const operations: Operation[] = [
  getWorkspaceOperation,
  updateWorkspaceOperation,
  getIdentitySecretOperation,
  rotateIdentitySecretOperation,
  rotatePublicKeyOperation,
  getWorkspaceSingleSignOnOperation,
  putWorkspaceSingleSignOnOperation,
  deleteWorkspaceSingleSignOnOperation,
];
