import { z } from "zod";
import { PutWorkspaceSingleSignOnBody, UpdateWorkspaceBody } from "../../../../../packages/shared/src/bodies/workspace.js";
import { blankAsAbsent, blankAsNull, integerOrNull, typedList } from "../../../ui/form/fields.js";

// The workspace's settings and its single sign-on: the request bodies (packages/shared/src/bodies/
// workspace.ts), as the forms fill them. The settings form sends every field, so each is the body's
// field without its `optional`. Whether an origin or an issuer is well formed is the server's to
// say: it answers on the field.

const workspace = UpdateWorkspaceBody.shape;
export const settingsSchema = z.object({
  name: workspace.name.unwrap(),
  slug: workspace.slug.unwrap(),
  portalVisibility: workspace.portalVisibility.unwrap(),
  identityVerification: workspace.identityVerification.unwrap(),
  allowedOrigins: typedList(workspace.allowedOrigins.unwrap(), /\n/, (i) => `Line ${i + 1}: `),
  rateLimitPerMinute: integerOrNull(workspace.rateLimitPerMinute.unwrap()),
  portalPostsPerHour: integerOrNull(workspace.portalPostsPerHour.unwrap()),
  notificationWindowSeconds: integerOrNull(workspace.notificationWindowSeconds.unwrap()),
  portalLogoUrl: blankAsNull(workspace.portalLogoUrl.unwrap()),
  portalAccentColor: blankAsNull(workspace.portalAccentColor.unwrap()),
  portalLanguage: workspace.portalLanguage.unwrap(),
  portalGuestAccess: workspace.portalGuestAccess.unwrap(),
  authorVotes: workspace.authorVotes.unwrap(),
  moderation: workspace.moderation.unwrap(),
  requireTwoFactor: workspace.requireTwoFactor.unwrap(),
});

const singleSignOn = PutWorkspaceSingleSignOnBody.shape;
export const singleSignOnSchema = z.object({
  issuer: singleSignOn.issuer,
  clientId: singleSignOn.clientId,
  clientSecret: singleSignOn.clientSecret,
  allowedDomains: typedList(singleSignOn.allowedDomains.unwrap(), /[\s,]+/, () => ""),
  /** Left empty, the body's default: the button says "single sign-on". */
  label: blankAsAbsent(singleSignOn.label),
});
