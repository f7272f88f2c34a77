import { eraseUser } from "../erase.js";
import { defineOperation } from "../../../http/define-operation.js";
import { idParam } from "../../../platform/fields.js";
import { secretKey } from "../../../http/route-security.js";
import { UserErasureSchema } from "../schema.js";

export const eraseUserOperation = defineOperation(
  {
    method: "post",
    path: "/users/{id}/erase",
    operationId: "eraseUser",
    tag: "End users",
    summary: "Erase a person's data",
    description:
      "Removes the person's personal data everywhere Heed stores it, in one transaction: their profile (email, name, avatar, traits, company, language; `externalId` becomes `deleted:<id>`), portal sessions (signed out everywhere), sign-in links mailed to them, tracked events, notifications and follows are deleted, and the copies inside stored webhook events and deliveries, audit data and notification events are made anonymous. Their votes still count and their posts and comments stay, without a name. Sends `user.erased`. Works on an end user deleted before (completing it); erasing again removes nothing more. What is kept and why: docs/SECURITY.md.",
    credential: secretKey("users:write"),
    params: idParam("usr", "end user"),
    answer: { status: 200, schema: UserErasureSchema, description: "What was removed and made anonymous." },
  },
  { verb: eraseUser },
);
