import type { Mail } from "./mailer.js";
import type { Language } from "../i18n/languages.js";
import { translator } from "../i18n/translator.js";

// The words of the mail Heed sends, plain text: a link and what it is for. Mail to members speaks
// English, as the dashboard does; mail to end users speaks their language (platform/i18n).

/** A link's last moment as a person reads it: "Sunday, 6 December 2026 at 17:00 UTC". */
export function readableExpiry(iso: string): string {
  return `${new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`;
}

/**
 * Who invites whom to what, as HTML and text. `inviter` is the member who asked; null when an API
 * key did, and the workspace itself invites.
 */
export async function inviteMail(input: {
  to: string;
  workspaceName: string;
  inviter: string | null;
  role: string;
  url: string;
  expiresAt: string;
}): Promise<Mail> {
  const subject = input.inviter ? `${input.inviter} invited you to ${input.workspaceName} on Heed` : `You are invited to ${input.workspaceName} on Heed`;
  const role = input.role === "admin" || input.role === "owner" ? `an ${input.role}` : `a ${input.role}`;
  const who = input.inviter ? `${input.inviter} invited you` : "You are invited";
  const paragraphs = [
    `${who} to join ${input.workspaceName} on Heed as ${role}.`,
    "Heed is where the team gathers its customers' ideas, decides what to build, and tells them what shipped.",
  ];
  const footnote = `The link works once, until ${readableExpiry(input.expiresAt)}. If you did not expect it, ignore this mail.`;
  const action = { href: input.url, label: "Accept the invite" };
  // Loaded with the first invite: a server that never invites by mail never loads React.
  const { renderActionMail } = await import("./render-action-mail.js");
  return {
    to: input.to,
    subject,
    text: [...paragraphs, "", `${action.label}: ${input.url}`, "", footnote].join("\n"),
    html: await renderActionMail({ subject, paragraphs, action, footnote }),
  };
}

export function passwordResetMail(input: { to: string; url: string; expiresAt: string }): Mail {
  return {
    to: input.to,
    subject: "Set a new password for Heed",
    text: [
      "Someone asked to set a new password for your Heed account.",
      "",
      `Set it here: ${input.url}`,
      "",
      `The link works once, until ${readableExpiry(input.expiresAt)}. If it was not you, ignore this mail: your password stays as it is.`,
    ].join("\n"),
  };
}

/** A one-time link to an end user, in the language of the portal page that asked for it. */
export function portalSignInMail(input: PortalLinkWords): Mail {
  return portalLinkMail(input, "signInMail");
}

export function changelogConfirmMail(input: PortalLinkWords): Mail {
  return portalLinkMail(input, "changelogMail");
}

interface PortalLinkWords {
  to: string;
  workspaceName: string;
  url: string;
  language: Language;
}

function portalLinkMail(input: PortalLinkWords, kind: "signInMail" | "changelogMail"): Mail {
  const { t } = translator(input.language);
  const workspace = { workspace: input.workspaceName };
  return {
    to: input.to,
    fromName: input.workspaceName,
    subject: t(`${kind}.subject`, workspace),
    text: [t(`${kind}.text`, workspace), "", `${t(`${kind}.action`)}: ${input.url}`, "", t(`${kind}.expiry`)].join("\n"),
  };
}

export function identityLinkedMail(input: { to: string; provider: string; via: "signed_in" | "sign_up" | "email"; publicUrl: string }): Mail {
  const how =
    input.via === "email"
      ? `${input.provider} vouched for this email address, so it now signs you in to Heed. Your password and every open session of your account have ended.`
      : `${input.provider} now signs you in to your Heed account.`;
  return {
    to: input.to,
    subject: `Single sign-on linked to your Heed account`,
    text: [
      how,
      "",
      `If this was not you, tell an owner of your workspace now, and review your sessions: ${input.publicUrl.replace(/\/$/, "")}/app/settings/sessions`,
    ].join("\n"),
  };
}

export function twoFactorDisabledMail(input: { to: string; publicUrl: string }): Mail {
  return {
    to: input.to,
    subject: "Two-factor sign-in turned off for your Heed account",
    text: [
      "Two-factor sign-in was just turned off for your Heed account: your password alone signs you in now.",
      "",
      `If this was not you, sign in, turn it on again and end the sessions you do not know: ${input.publicUrl.replace(/\/$/, "")}/app/settings/sessions`,
    ].join("\n"),
  };
}

/** What a mail to owners and admins says of a receiver Heed turned off (platform/turn-off). */
export interface TurnedOffWords {
  kind: "receiver_turned_off";
  /** `webhook endpoint` or `integration`. */
  noun: string;
  /** Its URL, or the integration's name. */
  name: string;
  workspace: string;
  /** Where in the dashboard it is turned back on. */
  path: string;
  reason: "failing" | "gone";
  error: string | null;
  failures: number;
  since: string;
  /** How many days what happens meanwhile is kept for it. */
  holdDays: number;
}

export function turnedOffMail(input: TurnedOffWords & { to: string; publicUrl: string }): Mail {
  const why =
    input.reason === "gone"
      ? "Its receiver answered 410 Gone: it says it no longer exists."
      : `${input.failures} attempts in a row failed, the first at ${input.since}.`;
  return {
    to: input.to,
    subject: `Heed turned off the ${input.noun} ${input.name}`,
    text: [
      `Heed turned off a ${input.noun} of ${input.workspace}: ${input.name}`,
      "",
      why,
      `The last error: ${input.error ?? "none given"}`,
      "",
      `Nothing is sent to it while it is off. What happens meanwhile is kept for it for ${input.holdDays} days and sent, in order, when you turn it back on.`,
      "",
      `Turn it back on: ${input.publicUrl.replace(/\/$/, "")}${input.path}`,
    ].join("\n"),
  };
}
