import { createPasswordResetLink } from "../../core/accounts/password-reset.js";
import { defineOperation } from "../../http/define-operation.js";
import { secretKey } from "../../http/route-security.js";
import { CreatePasswordResetLinkSchema, PasswordResetLinkSchema } from "../../schemas/sessions.js";

export const createPasswordResetLinkOperation = defineOperation(
  {
    method: "post",
    path: "/members/password-resets",
    operationId: "createPasswordResetLink",
    tag: "Members",
    summary: "Make a password link for a member",
    description:
      "A one-time link (valid 24 hours, shown in this answer only) that sets the member's password, for a server without mail. Only an owner's session, or a key, may make one.",
    credential: secretKey("members:write"),
    body: CreatePasswordResetLinkSchema,
    answer: { status: 201, schema: PasswordResetLinkSchema, description: "The link." },
    errors: ["not_found", "owner_only"],
  },
  async (c) => c.json(await createPasswordResetLink({ ctx: c.get("ctx"), input: { id: c.req.valid("json").memberId } }), 201),
);
