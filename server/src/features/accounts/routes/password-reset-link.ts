import { createPasswordResetLink } from "../password-reset.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { CreatePasswordResetLinkSchema, PasswordResetLinkSchema } from "../schema.js";

export const createPasswordResetLinkOperation = defineOperation(
  {
    method: "post",
    path: "/members/password-resets",
    operationId: "createPasswordResetLink",
    tag: "Members",
    summary: "Make a password link for a member",
    description:
      "A one-time link (valid 24 hours, shown in this answer only) that sets the member's password, for a server without mail. It sets the password of the whole account, so it takes full access (only an owner's session, or a full-access key) and works only for someone who is a member of this workspace alone (409 otherwise).",
    credential: secretKey("*"),
    body: CreatePasswordResetLinkSchema,
    answer: { status: 201, schema: PasswordResetLinkSchema, description: "The link." },
    errors: ["not_found", "owner_only"],
  },
  async (c) => c.json(await createPasswordResetLink({ ctx: c.get("ctx"), input: { id: c.req.valid("json").memberId } }), 201),
);
