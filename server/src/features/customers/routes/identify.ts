import { identify } from "../identify.js";
import { customerCtx } from "../../../http/auth.js";
import { defineOperation } from "../../../http/define-operation.js";
import { publicKey } from "../../../http/route-security.js";
import { IdentifyResultSchema, IdentifySchema, readIdentityClaims } from "../schema.js";

export const identifyOperation = defineOperation(
  {
    method: "post",
    path: "/identify",
    operationId: "identify",
    tag: "Customer side",
    summary: "Identify an end user",
    description:
      "Creates or updates the end user by your own user id (and their company), and answers a short-lived end-user token for portal writes. " +
      "Identity verification is on for new workspaces (an owner may turn it off): send `userHash` = hex HMAC-SHA256 of `userId` keyed with the identity secret, " +
      "or a JWT signed with it (HS256) as `token`, both made on your server; nobody can act as another user with only the public key. " +
      "Without a proof: 401 `identity_not_verified`, whose `detail` says how to sign. Emits `user.identified`.",
    credential: publicKey("none"),
    body: IdentifySchema,
    answer: { status: 200, schema: IdentifyResultSchema, description: "The end user and their token." },
    errors: ["identity_not_verified"],
  },
  async (c) => {
    const { token, userHash, userId, ...fields } = c.req.valid("json");
    const input = token !== undefined ? { token } : { fields: { userId: userId!, ...fields }, userHash };
    return c.json(await identify({ ctx: customerCtx(c), input, readClaims: readIdentityClaims }), 200);
  },
);
