import { getIdentitySecret, rotateIdentitySecret, rotatePublicKey } from "../settings.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { IdentitySecretSchema, WorkspaceSchema } from "../schema.js";

// The workspace's identity secret and public key: reading the one, rotating either.

export const getIdentitySecretOperation = defineOperation(
  {
    method: "get",
    path: "/workspace/identity-secret",
    operationId: "getIdentitySecret",
    tag: "Workspace",
    summary: "Get the identity secret",
    description: "The secret your server computes `userHash` (hex HMAC-SHA256 of the user id) or signs identity JWTs with.",
    credential: secretKey("workspace:write"),
    answer: { status: 200, schema: IdentitySecretSchema, description: "The identity secret." },
  },
  { verb: getIdentitySecret },
);

export const rotateIdentitySecretOperation = defineOperation(
  {
    method: "post",
    path: "/workspace/identity-secret/rotate",
    operationId: "rotateIdentitySecret",
    tag: "Workspace",
    summary: "Rotate the identity secret",
    description: "At once: proofs made with the old secret are refused and every end-user token stops working.",
    credential: secretKey("workspace:write"),
    answer: { status: 200, schema: IdentitySecretSchema, description: "The new identity secret." },
  },
  { verb: rotateIdentitySecret },
);

export const rotatePublicKeyOperation = defineOperation(
  {
    method: "post",
    path: "/workspace/public-key/rotate",
    operationId: "rotatePublicKey",
    tag: "Workspace",
    summary: "Rotate the public key",
    description: "At once: customer-facing calls with the old key get 401.",
    credential: secretKey("workspace:write"),
    answer: { status: 200, schema: WorkspaceSchema, description: "The workspace with its new public key." },
  },
  { verb: rotatePublicKey },
);
