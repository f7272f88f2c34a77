import type { Migration } from "kysely";
import * as initial from "./0001_initial.js";
import * as idempotency from "./0002_idempotency.js";
import * as webhookDeliveries from "./0003_webhook_deliveries.js";
import * as customerSide from "./0004_customer_side.js";
import * as usersTable from "./0005_users_table.js";
import * as teamSignIn from "./0006_team_sign_in.js";
import * as passwordResets from "./0007_password_resets.js";
import * as accountIdentities from "./0008_account_identities.js";
import * as workspaceSingleSignOn from "./0009_workspace_single_sign_on.js";
import * as postsByOwner from "./0010_posts_by_owner.js";
import * as commentsByAuthor from "./0011_comments_by_author.js";
import * as portalBranding from "./0012_portal_branding.js";
import * as portalSignInLinks from "./0013_portal_sign_in_links.js";
import * as workspaceVersions from "./0014_workspace_versions.js";
import * as portalSessions from "./0015_portal_sessions.js";
import * as twoFactor from "./0016_two_factor.js";
import * as notifications from "./0017_notifications.js";
import * as filterAndSortIndexes from "./0018_filter_and_sort_indexes.js";
import * as portalLanguage from "./0019_portal_language.js";
import * as rankedSearch from "./0020_ranked_search.js";
import * as possibleDuplicates from "./0021_possible_duplicates.js";
import * as triage from "./0022_triage.js";
import * as bulkJobs from "./0023_bulk_jobs.js";
import * as analyticsIndexes from "./0024_analytics_indexes.js";
import * as moderation from "./0025_moderation.js";
import * as exportsJobs from "./0026_exports.js";
import * as importsJobs from "./0027_imports.js";
import * as integrations from "./0028_integrations.js";
import * as authorColumnsIndexed from "./0029_author_columns_indexed.js";
import * as postListColumns from "./0030_post_list_columns.js";
import * as sparseColumnIndexes from "./0031_sparse_column_indexes.js";
import * as identitySecondFactor from "./0032_identity_second_factor.js";
import * as deletedPosts from "./0033_deleted_posts.js";
import * as outboxFollowers from "./0034_outbox_followers.js";
import * as notificationsFollow from "./0035_notifications_follow.js";
import * as turnedOffReceivers from "./0036_turned_off_receivers.js";
import * as authorVotes from "./0037_author_votes.js";
import * as boardPositions from "./0038_board_positions.js";
import * as checkExistingPosts from "./0039_check_existing_posts.js";
import * as notifyChoice from "./0040_notify_choice.js";
import * as statusRoadmapAndNames from "./0042_status_roadmap_and_names.js";
import * as previousSlugs from "./0044_previous_slugs.js";
import * as importMappings from "./0045_import_mappings.js";

// Every migration, in order. Listed here (not discovered on disk) so that they load the same way
// under tsx, a bundler or tests.
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_idempotency": idempotency,
  "0003_webhook_deliveries": webhookDeliveries,
  "0004_customer_side": customerSide,
  "0005_users_table": usersTable,
  "0006_team_sign_in": teamSignIn,
  "0007_password_resets": passwordResets,
  "0008_account_identities": accountIdentities,
  "0009_workspace_single_sign_on": workspaceSingleSignOn,
  "0010_posts_by_owner": postsByOwner,
  "0011_comments_by_author": commentsByAuthor,
  "0012_portal_branding": portalBranding,
  "0013_portal_sign_in_links": portalSignInLinks,
  "0014_workspace_versions": workspaceVersions,
  "0015_portal_sessions": portalSessions,
  "0016_two_factor": twoFactor,
  "0017_notifications": notifications,
  "0018_filter_and_sort_indexes": filterAndSortIndexes,
  "0019_portal_language": portalLanguage,
  "0020_ranked_search": rankedSearch,
  "0021_possible_duplicates": possibleDuplicates,
  "0022_triage": triage,
  "0023_bulk_jobs": bulkJobs,
  "0024_analytics_indexes": analyticsIndexes,
  "0025_moderation": moderation,
  "0026_exports": exportsJobs,
  "0027_imports": importsJobs,
  "0028_integrations": integrations,
  "0029_author_columns_indexed": authorColumnsIndexed,
  "0030_post_list_columns": postListColumns,
  "0031_sparse_column_indexes": sparseColumnIndexes,
  "0032_identity_second_factor": identitySecondFactor,
  "0033_deleted_posts": deletedPosts,
  "0034_outbox_followers": outboxFollowers,
  "0035_notifications_follow": notificationsFollow,
  "0036_turned_off_receivers": turnedOffReceivers,
  "0037_author_votes": authorVotes,
  "0038_board_positions": boardPositions,
  "0039_check_existing_posts": checkExistingPosts,
  "0040_notify_choice": notifyChoice,
  "0042_status_roadmap_and_names": statusRoadmapAndNames,
  "0044_previous_slugs": previousSlugs,
  "0045_import_mappings": importMappings,
};
