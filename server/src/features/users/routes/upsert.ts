import { upsertUser } from "../upsert.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { UpsertUserSchema, UserSchema } from "../schema.js";

export const upsertUserOperation = defineOperation(
  {
    method: "post",
    path: "/users",
    operationId: "upsertUser",
    tag: "End users",
    summary: "Create or update an end user",
    description:
      "Upsert by `externalId`: creates the end user (201) or updates the fields given (200); fields left out keep their value and `traits` replaces the stored traits. Safe to repeat and to send concurrently.",
    credential: secretKey("users:write"),
    body: UpsertUserSchema,
    answer: { status: 201, schema: UserSchema, description: "The new end user.", existing: "The updated end user." },
  },
  async (c) => {
    const { user, created } = await upsertUser({ ctx: c.get("ctx"), input: c.req.valid("json") });
    return created ? c.json(user, 201) : c.json(user, 200);
  },
);
