import type { Moderation } from "../../../../packages/shared/src/moderation.js";
import type { Generated } from "kysely";
import type { ActorType, AuditAction, AuditObjectType } from "../changes/vocabulary.js";
// Table types for Kysely. Timestamps are ISO-8601 text, flags are 0/1 integers and JSON is text, so
// one set of queries runs unchanged on SQLite and PostgreSQL.
export type Flag = 0 | 1;

/** `off`: nothing waits; `likely_spam`: what a spam signal marks waits; `all`: every end user's post and comment waits (platform/moderation/hold.ts). */
export type { Moderation };

export interface WorkspacesTable {
  id: string;
  slug: string;
  name: string;
  public_key: string;
  portal_visibility: "public" | "private";
  identity_verification: Flag;
  identity_secret: string;
  rate_limit_per_minute: number | null;
  /** Posts one end user may submit through the portal per hour; null: no cap. */
  portal_posts_per_hour: number | null;
  /** The portal's logo, an https image URL; null: the name alone. */
  portal_logo_url: string | null;
  /** The portal's accent colour, `#rrggbb`; null: Heed's. */
  portal_accent_color: string | null;
  /** A supported language tag (platform/i18n/languages.ts): what the portal speaks when the reader names none. */
  portal_language: string;
  /** Whether readers may sign in to the portal as guests (a name and an email, unverified). */
  portal_guest_access: Flag;
  /** Every member's session must have passed a second factor (two-factor or the provider's sign-in). */
  require_two_factor: Flag;
  /** How long changes are gathered into one mail, in seconds; null: NOTIFICATION_WINDOW_SECONDS. */
  notification_window_seconds: number | null;
  /** What an end user's post or comment waits for approval under (features/moderation). */
  moderation: Moderation;
  /** Whether an idea an end user posts on the portal starts with its author's vote. */
  author_votes: Flag;
  created_at: string;
  updated_at: string;
}

/** A portal address (`/p/{slug}`) a workspace had before: it redirects to the current one and stays the workspace's. */
export interface WorkspacePreviousSlugsTable {
  slug: string;
  workspace_id: string;
  left_at: string;
}

/** A one-time link that signs a reader in to a portal by email (the token is stored as its hash). */
export interface PortalSignInLinksTable {
  id: string;
  workspace_id: string;
  email: string;
  token_hash: string;
  /** The portal path to land on. */
  redirect: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Browser origins allowed to call a workspace's customer-facing routes (`*`: any). */
export interface WorkspaceOriginsTable {
  workspace_id: string;
  origin: string;
}

export interface MembersTable {
  id: string;
  workspace_id: string;
  email: string;
  name: string;
  role: "owner" | "admin" | "member";
  /** Null only transiently: every member signs in through an account. */
  account_id: string | null;
  created_at: string;
  updated_at: string;
  /** JSON: per kind of notification, whether it shows in the dashboard and goes by mail. */
  notification_settings: Generated<string>;
}

export interface AccountsTable {
  id: string;
  /** Lowercase. */
  email: string;
  name: string;
  /** `scrypt$…` (features/accounts/password.ts), or null for an account that signs in only by OpenID Connect. */
  password_hash: string | null;
  /** The TOTP secret (base32) once a first code confirmed it; null: no two-factor sign-in. */
  totp_secret: string | null;
  /** A secret being enrolled, until a code from it confirms it. */
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step a code was accepted at: a code works once. */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
}

/** One-time codes that stand in for a TOTP code, stored as their SHA-256 (0016). */
export interface RecoveryCodesTable {
  id: string;
  account_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 (hex) of the cookie's token. */
  token_hash: string;
  account_id: string;
  workspace_id: string | null;
  csrf_token: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** What proved the second factor at sign-in: a TOTP or recovery code, or the OpenID Connect provider; null: the password alone. */
  second_factor: "totp" | "recovery_code" | "oidc" | null;
}

export interface AccountIdentitiesTable {
  /** The OpenID Connect provider's issuer URL. */
  issuer: string;
  /** The provider's `sub` for the person. */
  subject: string;
  account_id: string;
  created_at: string;
  /**
   * 1: a sign-in through it counts as a second factor (linked with the account's full proof, or
   * the account's only way in); 0: it signs the account in as one factor.
   */
  counts_as_second_factor: Generated<Flag>;
}

/** A workspace's own OpenID Connect provider (0009). */
export interface WorkspaceSingleSignOnTable {
  workspace_id: string;
  issuer: string;
  client_id: string;
  /** Sent to the provider, so kept as given; never answered by the API. */
  client_secret: string;
  /** JSON array of lower-case email domains that may sign up through it. */
  allowed_domains: string;
  label: string;
  created_at: string;
  updated_at: string;
}

export interface PasswordResetsTable {
  id: string;
  account_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  id: string;
  workspace_id: string;
  token_hash: string;
  email: string | null;
  role: "owner" | "admin" | "member";
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

export interface BoardsTable {
  id: string;
  workspace_id: string;
  slug: string;
  name: string;
  description: string;
  visibility: "public" | "private";
  /** Where the team puts it among the workspace's boards, from 0: the dashboard's and the portal's order. */
  position: number;
  created_at: string;
  updated_at: string;
}

export type StatusCategory = "open" | "active" | "complete" | "closed";

export interface StatusesTable {
  id: string;
  workspace_id: string;
  name: string;
  category: StatusCategory;
  color: string;
  position: number;
  is_default: Flag;
  /** Shown as a column of the portal's roadmap. */
  on_roadmap: Flag;
  /** JSON: the status's name per portal language (`{"de": "Geplant"}`); a language left out reads `name`. */
  translations: string;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: string;
  workspace_id: string;
  name: string;
  color: string;
  created_at: string;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  workspace_id: string;
  board_id: string;
  status_id: string;
  title: string;
  body: string;
  /** `usr_…` (end user) or `mem_…` (member); the prefix says which. */
  author_id: string | null;
  owner_id: string | null;
  vote_count: number;
  /** Votes of the last 14 days; kept by the vote verbs and recounted as votes age out. */
  trending_count: number;
  comment_count: number;
  /** Monthly spend of the distinct companies whose users voted; recounted by every change to it. */
  revenue: number;
  eta: string | null;
  pinned: Flag;
  comments_locked: Flag;
  merged_into_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** When the team first saw it (opened, changed or answered it); null: New. */
  seen_at: string | null;
  /** The last vote, comment or change: what Stale reads. */
  last_activity_at: string;
  /** 1 while it waits for the team's approval (and once rejected, with `deleted_at`). */
  held: Flag;
  /** JSON array of the spam signals its submission raised (features/moderation), or null. */
  spam_signals: string | null;
}

/**
 * The read model a list of posts shows, on the post's row (migration 0030's triggers keep it in the
 * writing transaction): the author's name (a user's, or a member's; null for a removed member), a
 * user's avatar, and the post's tags as JSON `[{id, name}]` in name order. No verb writes them.
 */
export interface PostListColumns {
  author_name: Generated<string | null>;
  author_avatar_url: Generated<string | null>;
  tags_json: Generated<string>;
}

export type BulkJobState = "queued" | "running" | "done" | "failed" | "undoing" | "undone";

/** A change to every post a filter matched (features/bulk); `action` and `filters` are JSON. */
export interface BulkJobsTable {
  id: string;
  workspace_id: string;
  actor_type: ActorType;
  actor_id: string | null;
  action: string;
  filters: string;
  state: BulkJobState;
  total: number;
  done: Generated<number>;
  changed: Generated<number>;
  undone: Generated<number>;
  error: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
  /** 1: each post's status change tells its followers; 0: nobody is told. */
  notify: Generated<number>;
  /** How many people its changes mail, counted as it was made. */
  notified: Generated<number>;
}

export type ExportState = "queued" | "running" | "done" | "failed";

/** A workspace's export (features/exports): a job whose archive is kept in `export_chunks` until it expires. */
export interface ExportsTable {
  id: string;
  workspace_id: string;
  actor_type: ActorType;
  actor_id: string | null;
  state: ExportState;
  /** Rows to write, counted when the export was asked for: the progress bar's end. */
  total: number;
  done: Generated<number>;
  /** Rows written per kind (JSON), once done. */
  counts: Generated<string>;
  bytes: Generated<number>;
  error: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
}

/** A piece of an export's archive, in order. */
export type ImportSource = "canny" | "uservoice" | "csv";
export type ImportState = "queued" | "running" | "done" | "failed" | "cancelled" | "undoing" | "undone";

/** An import batch (features/imports): its progress while it runs, then its report. */
export interface ImportsTable {
  id: string;
  workspace_id: string;
  actor_type: ActorType;
  actor_id: string | null;
  source: ImportSource;
  dry_run: Flag;
  /** JSON: the uploads by kind, the column mapping, the preview asked for. */
  options: Generated<string>;
  /** Canny's API key until the import ends; never shown. */
  secret: string | null;
  state: ImportState;
  phase: string | null;
  done: Generated<number>;
  total: Generated<number>;
  /** JSON: what was created, updated and skipped per kind, and the problems found. */
  report: Generated<string>;
  error: string | null;
  locked_until: string | null;
  created_at: string;
  finished_at: string | null;
  undone_at: string | null;
}

export type IntegrationProvider = "slack" | "github" | "linear";

/** A receiver's run of failures and why Heed turned it off (platform/turn-off). */
export interface ReceiverHealth {
  /** Attempts in a row that failed; a success sets it back to 0. */
  failure_count: number;
  /** When the first of those failed; null while the last attempt worked. */
  failing_since: string | null;
  /** Why Heed turned it off (`failing`, `gone`); null when on, or turned off by hand. */
  disabled_reason: "failing" | "gone" | null;
  disabled_at: string | null;
  /** The last failed attempt's error when Heed turned it off. */
  disabled_error: string | null;
}

export interface IntegrationsTable extends ReceiverHealth {
  id: string;
  workspace_id: string;
  provider: IntegrationProvider;
  name: string;
  enabled: Flag;
  /** JSON, nothing secret: the provider's settings (features/integrations/settings.ts). */
  settings: string;
  /** Sealed with INTEGRATIONS_KEY: the token, API key or incoming-webhook URL. */
  credentials: string;
  /** Sealed: the secret the tracker signs its webhooks with. */
  signing_secret: string | null;
  account: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationLinksTable {
  id: string;
  workspace_id: string;
  integration_id: string;
  post_id: string;
  state: "pending" | "linked" | "failed";
  /** JSON: `{create: {target, title}}` or `{reference}`. */
  request: string;
  issue_id: string | null;
  issue_key: string | null;
  issue_url: string | null;
  issue_title: string | null;
  issue_state: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationDeliveriesTable {
  id: string;
  workspace_id: string;
  integration_id: string;
  kind: "message" | "create_issue" | "find_issue" | "comment" | "test";
  source_id: string;
  link_id: string | null;
  payload: string;
  /** `held` while its integration is turned off by Heed (platform/turn-off). */
  state: "pending" | "held" | "sent" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationReceiptsTable {
  integration_id: string;
  delivery_id: string;
  received_at: string;
}

export interface IntegrationLogTable {
  id: string;
  workspace_id: string;
  integration_id: string;
  direction: "out" | "in";
  kind: string;
  outcome: "sent" | "retrying" | "failed" | "applied" | "ignored" | "duplicate" | "refused";
  summary: string;
  http_status: number | null;
  created_at: string;
}

/** A source's object beside Heed's: what makes a re-run skip it and an undo find it. */
export interface ImportRecordsTable {
  workspace_id: string;
  source: ImportSource;
  kind: string;
  external_id: string;
  object_id: string;
  import_id: string;
  /** 1 when the batch made the object; 0 when it matched one that was there. */
  created: Flag;
}

/** The workspace's last column mapping for files of a kind with one set of columns. */
export interface ImportMappingsTable {
  workspace_id: string;
  source: ImportSource;
  kind: string;
  columns_hash: string;
  columns: string;
  fields: string;
  statuses: string;
  import_id: string;
  saved_at: string;
}

/** A CSV file sent for an import, kept a day in `import_upload_chunks`. */
export interface ImportUploadsTable {
  id: string;
  workspace_id: string;
  name: string;
  bytes: Generated<number>;
  completed_at: string | null;
  created_at: string;
  expires_at: string;
}

export interface ImportUploadChunksTable {
  upload_id: string;
  seq: number;
  data: Uint8Array;
}

export interface ExportChunksTable {
  export_id: string;
  seq: number;
  data: Uint8Array;
}

/** One post of a bulk job: what it held before and after (JSON), and the notification events the change made. */
export interface BulkJobPostsTable {
  job_id: string;
  post_id: string;
  state: "pending" | "changed" | "unchanged" | "undone" | "kept";
  before: string | null;
  after: string | null;
  events: string | null;
}

/** A member's (or key's) named set of inbox filters, in their order: `filters` is JSON of GET /v1/posts's query. */
export interface SavedViewsTable {
  workspace_id: string;
  owner_id: string;
  position: number;
  name: string;
  filters: string;
}

export interface PostTagsTable {
  post_id: string;
  tag_id: string;
  workspace_id: string;
}

/**
 * A post's entry in the full-text index (platform/search). The columns both databases share; the
 * indexed text lives in PostgreSQL's `document` tsvector, or in SQLite's FTS5 table `post_search_text`
 * under the integer `id` of this row.
 */
export interface PostSearchTable {
  post_id: string;
  workspace_id: string;
}

/** A post waiting to be compared with the workspace's earlier posts (features/duplicates). */
export interface DuplicateChecksTable {
  post_id: string;
  workspace_id: string;
  queued_at: string;
}

/** A post that may say what an earlier one says; a dismissed one stays, so it is never suggested again. */
export interface DuplicateSuggestionsTable {
  post_id: string;
  duplicate_of_id: string;
  workspace_id: string;
  similarity: number;
  created_at: string;
  dismissed_at: string | null;
  /** The member (or key) who dismissed it. */
  dismissed_by: string | null;
}

/** The distinct words a workspace's posts hold: what a misspelt query word is corrected to. */
export interface SearchWordsTable {
  workspace_id: string;
  word: string;
}

/** SQLite only: the trigrams of each vocabulary word, pg_trgm's index built by hand. */
export interface SearchWordTrigramsTable {
  workspace_id: string;
  trigram: string;
  word: string;
}

/** Keyed by (post_id, user_id). */
export interface VotesTable {
  workspace_id: string;
  post_id: string;
  user_id: string;
  /** Member or API key that voted on the user's behalf, if any. */
  created_by: string | null;
  created_at: string;
  /** The post a merge moved this vote from, until it is unmerged. */
  origin_post_id?: string | null;
  /** The import batch that brought the vote in (features/imports), which an undo deletes. */
  import_id?: string | null;
}

export interface CommentsTable {
  id: string;
  workspace_id: string;
  post_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  internal: Flag;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The post a merge moved this comment from, until it is unmerged. */
  origin_post_id?: string | null;
  /** 1 while it waits for the team's approval (and once rejected, with `deleted_at`). */
  held: Flag;
  /** JSON array of the spam signals its submission raised (features/moderation), or null. */
  spam_signals: string | null;
}

export interface UsersTable {
  id: string;
  workspace_id: string;
  external_id: string;
  email: string | null;
  name: string | null;
  avatar_url: string | null;
  company_id: string | null;
  traits: string;
  created_at: string;
  updated_at: string;
  last_seen_at: string | null;
  deleted_at: string | null;
  /** The language mail to them speaks: their last portal choice, or `locale` given to identify. */
  locale: string | null;
  /** How they hear about what they follow by mail. */
  email_notifications: Generated<EmailNotifications>;
  follows_changelog: Generated<Flag>;
}

/** `instant`: a mail per change (gathered over the workspace's window); a digest; or no mail. */
export type EmailNotifications = "instant" | "daily" | "weekly" | "off";

export interface CompaniesTable {
  id: string;
  workspace_id: string;
  external_id: string;
  name: string;
  monthly_spend: number;
  created_at: string;
  updated_at: string;
}

export interface ApiKeysTable {
  id: string;
  workspace_id: string;
  name: string;
  prefix: string;
  last4: string;
  key_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_by: string | null;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  rate_limit_per_minute: number | null;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  workspace_id: string;
  actor_type: ActorType;
  actor_id: string | null;
  action: AuditAction;
  object_type: AuditObjectType;
  object_id: string;
  request_id: string | null;
  /** JSON: what changed. */
  data: string;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  workspace_id: string;
  type: string;
  /** JSON: the event's `data`. */
  data: string;
  created_at: string;
  /**
   * The order events were written in, read by the followers (platform/changes/follow.ts): taken
   * from a sequence on PostgreSQL (where a later number may commit first), the next after the
   * highest on SQLite.
   */
  seq: Generated<number | string>;
  /** JSON: what followers need to know of the change beyond `data` (which is the webhook payload's). */
  facts: string | null;
  /** The integration the change came from (a tracker's webhook): it is never sent back there. */
  origin: string | null;
}

/** How far one follower of the outbox has read (platform/changes/follow.ts). */
export interface OutboxCursorsTable {
  name: string;
  /** Every event with a `seq` up to this one is read. */
  position: number | string;
  /** JSON: the `seq`s after `position` read already, past one not yet committed. */
  ahead: string;
  updated_at: string;
}

export interface ChangelogEntriesTable {
  id: string;
  workspace_id: string;
  title: string;
  body: string;
  type: "new" | "improved" | "fixed";
  state: "draft" | "scheduled" | "published";
  publish_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** 1: publishing tells who follows its posts and the changelog (kept while it is scheduled); 0: nobody. */
  notify: number;
  /** When its publishing told who follows (null: it never did); a second publishing tells nobody. */
  told_at: string | null;
}

export interface ChangelogEntryPostsTable {
  entry_id: string;
  post_id: string;
  workspace_id: string;
}

export interface TrackedEventsTable {
  id: string;
  workspace_id: string;
  user_id: string | null;
  anonymous_id: string | null;
  event: string;
  properties: string;
  occurred_at: string;
  created_at: string;
}

export interface WebhookEndpointsTable extends ReceiverHealth {
  id: string;
  workspace_id: string;
  url: string;
  description: string;
  /** JSON array of event names, or ["*"]. */
  events: string;
  enabled: Flag;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  /** The credential the key belongs to: an API key, or a workspace's public key and end user. */
  scope: string;
  /** The Idempotency-Key's hash (never the key: it decrypts `body`). */
  key: string;
  /** SHA-256 of method, path and body: the same key with another request is refused. */
  fingerprint: string;
  state: "running" | "done";
  /** While running: until when the claim holds; after that a retry may take it over. */
  locked_until: string | null;
  status: number | null;
  /** JSON object of the response headers worth replaying. */
  headers: string | null;
  /** The answer's body, AES-256-GCM-sealed under a key derived from the Idempotency-Key. */
  body: string | null;
  created_at: string;
  expires_at: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  /** The outbox event's id: the `webhook-id` header, the same across retries and replays. */
  event_id: string;
  event_type: string;
  /** The JSON body sent: `{type, timestamp, data}`. */
  payload: string;
  /** `held` while its endpoint is turned off by Heed (platform/turn-off). */
  state: "pending" | "held" | "succeeded" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms?: number | null;
  last_response_excerpt?: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: string;
  status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** What readers of a workspace see changes only when this counter rises (migration 0014). */
export interface WorkspaceVersionsTable {
  workspace_id: string;
  version: number;
}

/** A reader's sign-in to a portal (migration 0015): the portal's end-user tokens name one. */
export interface PortalSessionsTable {
  id: string;
  workspace_id: string;
  user_id: string;
  /** The sign-in. */
  created_at: string;
  /** The absolute end, counted from the sign-in: no renewal goes past it. */
  expires_at: string;
}

/** A `jti` the portal's single sign-on has used, remembered until its JWT expires (migration 0015). */
export interface IdentityJwtUsesTable {
  workspace_id: string;
  jti: string;
  expires_at: string;
}

export interface Database {
  workspaces: WorkspacesTable;
  workspace_previous_slugs: WorkspacePreviousSlugsTable;
  workspace_origins: WorkspaceOriginsTable;
  members: MembersTable;
  accounts: AccountsTable;
  sessions: SessionsTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  account_identities: AccountIdentitiesTable;
  recovery_codes: RecoveryCodesTable;
  workspace_single_sign_on: WorkspaceSingleSignOnTable;
  boards: BoardsTable;
  statuses: StatusesTable;
  tags: TagsTable;
  posts: PostsTable & PostListColumns;
  post_tags: PostTagsTable;
  post_search: PostSearchTable;
  search_words: SearchWordsTable;
  search_word_trigrams: SearchWordTrigramsTable;
  duplicate_checks: DuplicateChecksTable;
  duplicate_suggestions: DuplicateSuggestionsTable;
  saved_views: SavedViewsTable;
  bulk_jobs: BulkJobsTable;
  bulk_job_posts: BulkJobPostsTable;
  exports: ExportsTable;
  export_chunks: ExportChunksTable;
  imports: ImportsTable;
  integrations: IntegrationsTable;
  integration_links: IntegrationLinksTable;
  integration_deliveries: IntegrationDeliveriesTable;
  integration_receipts: IntegrationReceiptsTable;
  integration_log: IntegrationLogTable;
  import_records: ImportRecordsTable;
  import_uploads: ImportUploadsTable;
  import_mappings: ImportMappingsTable;
  import_upload_chunks: ImportUploadChunksTable;
  votes: VotesTable;
  comments: CommentsTable;
  users: UsersTable;
  companies: CompaniesTable;
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  outbox_cursors: OutboxCursorsTable;
  changelog_entries: ChangelogEntriesTable;
  portal_sign_in_links: PortalSignInLinksTable;
  workspace_versions: WorkspaceVersionsTable;
  portal_sessions: PortalSessionsTable;
  identity_jwt_uses: IdentityJwtUsesTable;
  changelog_entry_posts: ChangelogEntryPostsTable;
  tracked_events: TrackedEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  server_secrets: ServerSecretsTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  post_followers: PostFollowersTable;
  board_followers: BoardFollowersTable;
  notification_events: NotificationEventsTable;
  notification_withdrawals: NotificationWithdrawalsTable;
  notifications: NotificationsTable;
  notification_mails: NotificationMailsTable;
  member_mails: MemberMailsTable;
}

/** A plain mail to a member, sent after the change that queued it commits (platform/mail/member-mails.ts). */
export interface MemberMailsTable {
  id: string;
  workspace_id: string;
  member_id: string;
  kind: "receiver_turned_off";
  /** JSON: what the mail says. */
  data: string;
  state: "pending" | "sent" | "failed";
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Keyed by (post_id, follower_id); `usr_…` end users and `mem_…` members alike. */
export interface PostFollowersTable {
  workspace_id: string;
  post_id: string;
  follower_id: string;
  /** Why: `created`, `voted`, `commented`, `followed` (asked to), `owner`, `mentioned`, `merged`. */
  reason: string;
  created_at: string;
}

/** A member watching a board hears of its new posts. */
export interface BoardFollowersTable {
  workspace_id: string;
  board_id: string;
  member_id: string;
  created_at: string;
}

/** A change people hear about, written with the change; fanned out once after commit. */
export interface NotificationEventsTable {
  id: string;
  workspace_id: string;
  kind: string;
  post_id: string | null;
  /** Who made the change (`usr_…`, `mem_…`), never told of it; null for a key or the system. */
  actor_id: string | null;
  data: string;
  created_at: string;
  fanned_out_at: string | null;
  /** The outbox event it tells of (unique with `kind`); null for those written before notifications followed the outbox. */
  outbox_id: string | null;
}

/** An outbox event of an undone change: the notifications' follower passes it by. */
export interface NotificationWithdrawalsTable {
  outbox_id: string;
  workspace_id: string;
  created_at: string;
}

/**
 * One event for one recipient, at most once (unique on event and recipient): a line of a member's
 * in-app list, and the mail queue. `mail_state`: `pending` (waits for its mail, from `due_at`),
 * `batched` (in mail `mail_id`), `none` (not to be mailed: their choice, or no address), `off`
 * (mail was not configured).
 */
export interface NotificationsTable {
  id: string;
  workspace_id: string;
  event_id: string;
  recipient_id: string;
  kind: string;
  post_id: string | null;
  in_app: Flag;
  read_at: string | null;
  mail_state: "pending" | "batched" | "none" | "off";
  due_at: string | null;
  mail_id: string | null;
  created_at: string;
}

/** One mail to one person, holding one or more notifications; sent once, retried on failure. */
export interface NotificationMailsTable {
  id: string;
  workspace_id: string;
  recipient_id: string;
  state: "pending" | "sent" | "failed" | "skipped";
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  sent_at: string | null;
  error: string | null;
  created_at: string;
}
