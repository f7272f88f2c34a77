import { z } from "@hono/zod-openapi";
import { createInvite, listInvites, revokeInvite } from "../invites.js";
import { defineOperation } from "../../../http/define-operation.js";
import { secretKey } from "../../../http/route-security.js";
import { idParam } from "../../../platform/fields.js";
import { CreatedInviteSchema, CreateInviteSchema, InviteSchema } from "../schema.js";

// Bringing people into the team: invite links, the pending ones, taking one back.

export const createInviteOperation = defineOperation(
  {
    method: "post",
    path: "/members/invites",
    operationId: "createInvite",
    tag: "Members",
    summary: "Invite a member",
    description:
      "A one-time link for the email to join with the role, valid 7 days, shown in this answer only. A newer invite to the same email replaces a pending one; a member's email gets 409. Only an owner's session may invite an owner.",
    credential: secretKey("members:write"),
    body: CreateInviteSchema,
    answer: { status: 201, schema: CreatedInviteSchema, description: "The invite and its link." },
    errors: ["owner_only"],
  },
  { verb: createInvite },
);

export const listInvitesOperation = defineOperation(
  {
    method: "get",
    path: "/members/invites",
    operationId: "listInvites",
    tag: "Members",
    summary: "List pending invites",
    description: "Invites not yet accepted, revoked or expired, newest first.",
    credential: secretKey("members:read"),
    answer: { status: 200, schema: z.object({ data: z.array(InviteSchema) }).openapi("InviteList"), description: "The pending invites." },
  },
  { verb: listInvites },
);

export const revokeInviteOperation = defineOperation(
  {
    method: "delete",
    path: "/members/invites/{id}",
    operationId: "revokeInvite",
    tag: "Members",
    summary: "Revoke an invite",
    description: "Its link stops working at once.",
    credential: secretKey("members:write"),
    params: idParam("inv", "invite"),
    answer: { status: 204, description: "Revoked." },
    errors: ["owner_only"],
  },
  { verb: revokeInvite },
);
