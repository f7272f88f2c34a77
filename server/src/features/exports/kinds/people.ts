import { field, tableKind } from "./kind.js";

// The people who give feedback: companies, end users (an erased one stays as its anonymous row,
// since votes and posts name it), and what the customer's app tracked of them.

export const companies = tableKind("companies", "companies", (c) => ({
  id: c.id,
  externalId: c.external_id,
  name: c.name,
  monthlySpend: Number(c.monthly_spend),
  createdAt: c.created_at,
}));

export const users = tableKind(
  "users",
  "users",
  (u) => ({
    id: u.id,
    externalId: u.external_id,
    email: u.email,
    name: u.name,
    avatarUrl: u.avatar_url,
    companyId: u.company_id,
    traits: JSON.parse(u.traits as string),
    locale: u.locale,
    createdAt: u.created_at,
    lastSeenAt: u.last_seen_at,
    deletedAt: u.deleted_at,
  }),
  {
    csv: [
      ["id", field("id")],
      ["external_id", field("externalId")],
      ["email", field("email")],
      ["name", field("name")],
      ["company_id", field("companyId")],
      ["created_at", field("createdAt")],
    ],
  },
);

export const trackedEvents = tableKind("tracked_events", "tracked_events", (e) => ({
  id: e.id,
  userId: e.user_id,
  anonymousId: e.anonymous_id,
  event: e.event,
  properties: JSON.parse(e.properties as string),
  occurredAt: e.occurred_at,
  receivedAt: e.created_at,
}));
