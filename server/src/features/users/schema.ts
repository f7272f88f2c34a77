import { z } from "@hono/zod-openapi";
import { PageQuery, listOf, orNull, text, timestamp, idOf } from "../../platform/fields.js";

const MAX_TRAITS = 50;

const UserCompanySchema = z
  .object({
    id: idOf("cmp"),
    externalId: z.string(),
    name: z.string(),
    monthlySpend: z.number(),
  })
  .openapi("UserCompany");

const traitValue = z.union([text().max(1000), z.number(), z.boolean(), z.null()]);

export const UserSchema = z
  .object({
    id: idOf("usr"),
    externalId: z.string().openapi({ description: "Your own id for the person. `deleted:<id>` once deleted." }),
    email: z.string().nullable(),
    name: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    company: orNull(UserCompanySchema),
    traits: z.record(z.string(), traitValue).openapi({ description: "Your own attributes of the person (plan, role, …)." }),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastSeenAt: timestamp.nullable().openapi({ description: "When the person last used the portal or widget." }),
  })
  .openapi("EndUser");

export const UserListSchema = listOf(UserSchema, "EndUserList");

export const ListUsersQuery = z.object({
  companyId: idOf("cmp").optional().openapi({ description: "Only end users of this company (`cmp_…`)." }),
  email: text().max(320).optional().openapi({ description: "Only end users with exactly this email." }),
  q: text().trim().min(1).max(200).optional().openapi({ description: "Only end users whose name, email or external id holds this text (ignoring case)." }),
  ...PageQuery,
});

/** The person's fields, as the API's upsert and the customer side's identify take them. */
export const userFields = {
  email: text().max(320).check(z.email()).nullable().optional(),
  name: text().trim().max(200).nullable().optional(),
  avatarUrl: text()
    .max(2000)
    .check(z.url({ protocol: /^https?$/ }))
    .nullable()
    .optional()
    .openapi({ description: "An http(s) URL." }),
  traits: z
    .record(text().min(1).max(100), traitValue)
    .refine((traits) => Object.keys(traits).length <= MAX_TRAITS, { message: `At most ${MAX_TRAITS} traits.` })
    .optional()
    .openapi({
      description: `Up to ${MAX_TRAITS} keys; values are strings (up to 1,000 characters), numbers, booleans or null. Replaces the stored traits.`,
      maxProperties: MAX_TRAITS,
    }),
};

export const UpsertUserSchema = z
  .strictObject({
    externalId: text().min(1).max(255).openapi({ description: "Your own id for the person: the key of the upsert." }),
    ...userFields,
    companyId: idOf("cmp").nullable().optional().openapi({ description: "A company of the workspace (`cmp_…`), or null to unlink." }),
  })
  .openapi("UpsertEndUser", { description: "Fields left out keep their value when the end user exists." });

export const TrackedEventSchema = z
  .object({
    id: idOf("trk"),
    event: z.string(),
    properties: z.record(z.string(), z.unknown()),
    occurredAt: timestamp,
    receivedAt: timestamp,
  })
  .openapi("TrackedEvent");

export const TrackedEventListSchema = listOf(TrackedEventSchema, "TrackedEventList");

export const ListUserEventsQuery = z.object({ event: text().max(100).optional().openapi({ description: "Only events with this name." }), ...PageQuery });

export const EventCountSchema = z.object({ event: z.string(), count: z.number().int(), lastOccurredAt: timestamp }).openapi("EventCount");

export const EventCountListSchema = listOf(EventCountSchema, "EventCountList");

export const UserErasureSchema = z
  .object({
    id: idOf("usr"),
    erasedAt: timestamp,
    removed: z
      .object({
        portalSessions: z.number().int(),
        signInLinks: z.number().int().openapi({ description: "Portal sign-in links mailed to their address." }),
        trackedEvents: z.number().int(),
        notifications: z.number().int(),
        follows: z.number().int().openapi({ description: "Posts they followed." }),
        exports: z.number().int().openapi({ description: "Workspace exports not yet expired, whose archives held them: ask for a new one." }),
      })
      .openapi({ description: "Rows deleted: they existed only because of the person." }),
    scrubbed: z
      .object({
        events: z.number().int().openapi({ description: "Webhook events whose data held the person, made anonymous." }),
        deliveries: z
          .number()
          .int()
          .openapi({ description: "Webhook deliveries whose payload held the person, made anonymous (the receivers' answers to them cleared)." }),
        auditRows: z.number().int(),
        notificationEvents: z.number().int(),
        savedFilters: z.number().int().openapi({ description: "Saved views and bulk changes whose filters searched for their email." }),
        importReports: z.number().int().openapi({ description: "Import reports that quoted them (a row's email, a preview of the rows as they landed)." }),
      })
      .openapi({ description: "Stored copies made anonymous in place: their shape and the person's id stay." }),
  })
  .openapi("EndUserErasure");

export const PersonalDataSchema = z
  .object({
    exportedAt: timestamp,
    user: UserSchema,
    preferences: z.object({
      locale: z.string().nullable().openapi({ description: "The language mail to them speaks." }),
      emailNotifications: z.string(),
      followsChangelog: z.boolean(),
    }),
    posts: z.array(
      z.object({
        id: idOf("post"),
        boardId: idOf("brd"),
        title: z.string(),
        body: z.string(),
        status: z.string(),
        heldForApproval: z.boolean(),
        createdAt: timestamp,
        updatedAt: timestamp,
        deletedAt: timestamp.nullable(),
      }),
    ),
    comments: z.array(
      z.object({ id: idOf("cmt"), postId: idOf("post"), body: z.string(), createdAt: timestamp, updatedAt: timestamp, deletedAt: timestamp.nullable() }),
    ),
    votes: z.array(
      z.object({
        postId: idOf("post"),
        title: z.string().nullable().openapi({ description: "Null in the person's own download where the portal does not show the post." }),
        createdAt: timestamp,
      }),
    ),
    follows: z.array(z.object({ postId: idOf("post"), reason: z.string(), createdAt: timestamp })),
    trackedEvents: z.array(TrackedEventSchema),
    notifications: z.array(z.object({ kind: z.string(), postId: idOf("post").nullable(), createdAt: timestamp, readAt: timestamp.nullable() })),
    portalSessions: z.array(z.object({ createdAt: timestamp, expiresAt: timestamp })).openapi({ description: "Where they are signed in (no tokens)." }),
  })
  .openapi("PersonalData", { description: "Everything Heed holds about one end user." });
