// The words of the audit log, each list written once: who acts, what they act on, and what they
// did. The table types, the verbs' change records and the API's schemas all take them from here.

/** Who acts: a team member, an API key, an end user (on the portal), or the operator (`heed`, start-up). */
export const ACTOR_TYPES = ["member", "api_key", "end_user", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** What an audit row is about. */
export const AUDIT_OBJECT_TYPES = [
  "api_key",
  "board",
  "changelog_entry",
  "comment",
  "company",
  "member",
  "post",
  "status",
  "tag",
  "user",
  "webhook_delivery",
  "webhook_endpoint",
  "workspace",
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Every change the audit log records, as `<object>.<what happened>`. */
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.updated",
  "api_key.revoked",
  "board.created",
  "board.updated",
  "board.deleted",
  "changelog.created",
  "changelog.updated",
  "changelog.deleted",
  "changelog.scheduled",
  "changelog.published",
  "changelog.unpublished",
  "comment.created",
  "comment.updated",
  "comment.deleted",
  "company.upserted",
  "company.deleted",
  "member.role_changed",
  "member.removed",
  "post.created",
  "post.updated",
  "post.status_changed",
  "post.tagged",
  "post.untagged",
  "post.merged",
  "post.merged_in",
  "post.unmerged",
  "post.unmerged_out",
  "post.deleted",
  "post.restored",
  "status.created",
  "status.updated",
  "status.reordered",
  "status.deleted",
  "tag.created",
  "tag.updated",
  "tag.deleted",
  "user.upserted",
  "user.identified",
  "user.deleted",
  "vote.created",
  "vote.deleted",
  "webhook_delivery.replayed",
  "webhook_endpoint.created",
  "webhook_endpoint.updated",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_endpoint.tested",
  "webhook_endpoint.recovered",
  "workspace.created",
  "workspace.updated",
  "workspace.identity_secret_rotated",
  "workspace.public_key_rotated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
