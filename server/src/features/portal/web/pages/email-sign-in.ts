import { html } from "hono/html";
import type { PortalRequest } from "../context.js";
import { type Html, page } from "../layout.js";

// The pages of signing in by email: "check your inbox" after asking, and the link's own page,
// which asks to confirm with a button, so a mail scanner that opens links does not use it up.

function plain(r: PortalRequest, title: string, body: Html): Html {
  return page(r.frame, { title, description: title, canonical: r.url("/sign-in"), noindex: true }, html`<h1>${title}</h1>${body}`);
}

export function checkInboxPage(r: PortalRequest, email: string): Html {
  const { t } = r.frame;
  return plain(r, t.t("signIn.checkInbox"), html`<p>${t.t("signIn.checkInboxText", { email })}</p>`);
}

/**
 * The link's page: what the click will do (sign in, or confirm a changelog subscription, which
 * signs in too) and one button. `link` is null for a used, expired or unknown link.
 */
export function confirmEmailSignInPage(r: PortalRequest, token: string, link: { email: string; subscribes: boolean } | null): Html {
  const { t } = r.frame;
  if (!link)
    return plain(
      r,
      t.t("signIn.title", { workspace: r.frame.workspace.name }),
      html`<p>${t.t("signIn.linkGone")}</p><p><a href="${r.frame.base}/sign-in">${t.t("signIn.title", { workspace: r.frame.workspace.name })}</a></p>`,
    );
  const { email } = link;
  return plain(
    r,
    link.subscribes ? t.t("signIn.confirmChangelog", { email }) : t.t("signIn.confirm", { email }),
    html`<form method="post" action="${r.frame.base}/sign-in/email/${token}"><button type="submit">${link.subscribes ? t.t("changelog.subscribe") : t.t("signIn.confirmSend")}</button></form>`,
  );
}
