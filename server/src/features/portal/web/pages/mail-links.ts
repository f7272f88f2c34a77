import { html } from "hono/html";
import type { EndUserPreferences, FollowedIdea } from "../../../notifications/index.js";
import type { PortalRequest } from "../context.js";
import { type Html, page } from "../layout.js";

// The pages a notification mail's links open, with the mail's signed token and no session:
// unsubscribe (a button, so that a mail scanner opening the link unsubscribes nobody; the one-click
// POST of RFC 8058 needs no page) and the reader's choices of what they hear.

const EMAIL_CHOICES = ["instant", "daily", "weekly", "off"] as const;

function notice(r: PortalRequest, title: string, text: string, body: Html | string = ""): Html {
  return page(r.frame, { title, description: title, canonical: r.url("/unsubscribe"), noindex: true }, html`<h1>${title}</h1><p>${text}</p>${body}`);
}

export function unsubscribePage(r: PortalRequest, token: string): Html {
  const { t } = r.frame;
  const words = { workspace: r.frame.workspace.name };
  return notice(
    r,
    t.t("mail.unsubscribe.title", words),
    t.t("mail.unsubscribe.text", words),
    html`<form method="post" action="${r.frame.base}/unsubscribe?token=${token}"><button type="submit">${t.t("mail.unsubscribe.confirm")}</button></form>`,
  );
}

export function unsubscribedPage(r: PortalRequest, token: string): Html {
  const { t } = r.frame;
  const words = { workspace: r.frame.workspace.name };
  return notice(
    r,
    t.t("mail.unsubscribed.title", words),
    t.t("mail.unsubscribed.text", words),
    html`<p><a href="${r.frame.base}/notifications?token=${token}">${t.t("prefs.title", words)}</a></p>`,
  );
}

export function badMailLinkPage(r: PortalRequest): Html {
  const { t } = r.frame;
  return notice(r, t.t("mail.badLink.title"), t.t("mail.badLink.text"));
}

export function preferencesPage(r: PortalRequest, token: string, preferences: EndUserPreferences, following: FollowedIdea[], saved: boolean): Html {
  const { t } = r.frame;
  const title = t.t("prefs.title", { workspace: r.frame.workspace.name });
  return page(
    r.frame,
    { title, description: title, canonical: r.url("/notifications"), noindex: true },
    html`<h1>${title}</h1>
${saved ? html`<p role="status">${t.t("prefs.saved")}</p>` : ""}
<form method="post" action="${r.frame.base}/notifications?token=${token}">
<fieldset><legend>${t.t("prefs.email")}</legend>
${EMAIL_CHOICES.map(
  (choice) =>
    html`<p><input type="radio" name="email" id="email-${choice}" value="${choice}"${preferences.email === choice ? html` checked` : ""}> <label for="email-${choice}">${t.t(`prefs.email.${choice}`)}</label></p>`,
)}
</fieldset>
<p><input type="checkbox" name="changelog" id="changelog" value="1"${preferences.changelog ? html` checked` : ""}> <label for="changelog">${t.t("prefs.changelog")}</label></p>
<button type="submit">${t.t("prefs.save")}</button>
</form>
<section aria-labelledby="following-title">
<h2 id="following-title">${t.t("prefs.following")}</h2>
${
  following.length === 0
    ? html`<p class="muted">${t.t("prefs.followingNone")}</p>`
    : html`<ul class="posts">${following.map(
        (idea) => html`<li class="followed"><a href="${r.frame.base}/posts/${idea.postId}">${idea.title}</a>
<form method="post" action="${r.frame.base}/notifications/unfollow?token=${token}"><input type="hidden" name="postId" value="${idea.postId}"><button type="submit" class="secondary" aria-label="${t.t("prefs.unfollowIdea", { title: idea.title })}">${t.t("prefs.unfollow")}</button></form></li>`,
      )}</ul>`
}
</section>`,
  );
}
