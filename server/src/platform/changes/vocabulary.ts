// The words of the audit log, each list written once: who acts, what they act on, and what they
// did. The table types, the verbs' change records and the API's schemas all take them from here.

/** Who acts: a team member, an API key, an end user (on the portal), or the operator (`heed`, start-up). */
export const ACTOR_TYPES = ["member", "api_key", "end_user", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** What an audit row is about. */
export const AUDIT_OBJECT_TYPES = [
  "api_key",
  "board",
  "bulk_job",
  "changelog_entry",
  "comment",
  "company",
  "export",
  "import",
  "integration",
  "issue_link",
  "invite",
  "member",
  "post",
  "saved_views",
  "status",
  "tag",
  "user",
  "webhook_delivery",
  "webhook_endpoint",
  "workspace",
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

// Every change the audit log records: shared with the dashboard, whose audit log filters by it.
export { AUDIT_ACTIONS, type AuditAction } from "../../../../packages/shared/src/audit-actions.js";
