import { removeMember } from "../write.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { memberParam, RemoveMemberQuery } from "../schema.js";

export const removeMemberOperation = defineOperation(
  {
    method: "delete",
    path: "/members/{id}",
    operationId: "removeMember",
    tag: "Members",
    summary: "Remove a member",
    description:
      "The last owner cannot be removed (409). Their posts and comments stay. The API keys they minted stop working at once (and keys minted with those keys), each with an audit row, unless `transferKeysTo` names a member who keeps them (`GET /v1/api-keys?createdBy=` lists them).",
    credential: secretKey("members:write"),
    params: memberParam,
    query: RemoveMemberQuery,
    answer: { status: 204, description: "Removed." },
    errors: ["conflict"],
  },
  { verb: removeMember },
);
