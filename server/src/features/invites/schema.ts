import { z } from "@hono/zod-openapi";
import { role } from "../members/index.js";
import { AcceptInviteBody, CreateInviteBody } from "../../../../packages/shared/src/bodies/accounts.js";
import { accountWords } from "../accounts/index.js";
import { documented, text, timestamp, idOf } from "../../platform/fields.js";

// Invites bring people into a workspace: a one-time link, by email when mail is set up.

export const InviteSchema = z
  .object({
    id: idOf("inv"),
    email: z.string().nullable().openapi({ description: "Null for the first owner's invite, where whoever opens it names the email." }),
    role,
    invitedBy: z.string().nullable().openapi({ description: "The member who invited, or null for an API key or the operator." }),
    createdAt: timestamp,
    expiresAt: timestamp,
  })
  .openapi("Invite");

export const CreatedInviteSchema = InviteSchema.extend({
  inviteUrl: z.string().openapi({ description: "The one-time link to `/app/invite/{token}`, shown in this answer only." }),
  emailed: z
    .boolean()
    .openapi({ description: "Whether the link is mailed too (with SMTP_URL set); the mail is sent as the invite is made, and a failed delivery is logged." }),
}).openapi("CreatedInvite");

export const CreateInviteSchema = documented(CreateInviteBody, accountWords).openapi("CreateInvite");

/** What the accept page shows before anyone signs in: no secret, nothing about other members. */
export const InvitePreviewSchema = z
  .object({ workspace: z.object({ name: z.string(), slug: z.string() }), email: z.string().nullable(), role, expiresAt: timestamp })
  .openapi("InvitePreview");

export const AcceptInviteSchema = documented(AcceptInviteBody, {
  ...accountWords,
  email: { ...accountWords.email, description: "Only for an invite without an email (the first owner's)." },
}).openapi("AcceptInvite");

export const inviteTokenParam = z.object({
  token: text()
    .max(64)
    .openapi({ param: { name: "token", in: "path" }, description: "The token of the invite link." }),
});
