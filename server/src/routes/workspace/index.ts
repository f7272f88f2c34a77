import type { Operation } from "../../http/define-operation.js";
import { getIdentitySecretOperation, rotateIdentitySecretOperation, rotatePublicKeyOperation } from "./keys.js";
import { getWorkspaceOperation, updateWorkspaceOperation } from "./settings.js";

export const operations: Operation[] = [
  getWorkspaceOperation,
  updateWorkspaceOperation,
  getIdentitySecretOperation,
  rotateIdentitySecretOperation,
  rotatePublicKeyOperation,
];
