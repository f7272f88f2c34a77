import { html } from "hono/html";
import { offersEmailSignIn } from "../../email-sign-in.js";
import type { PortalRequest } from "../context.js";
import { type Html, page } from "../layout.js";

// How to sign in to this portal: from the customer's app (single sign-on), and, where the
// workspace allows guests, with a name and an email.

export interface GuestProblem {
  detail: string;
  name: string;
  email: string;
}

export function signInPage(r: PortalRequest, redirect: string, problem?: GuestProblem): Html {
  const { t } = r.frame;
  const { name } = r.frame.workspace;
  return page(
    r.frame,
    {
      title: t.t("signIn.title", { workspace: name }),
      description: t.t("signIn.title", { workspace: name }),
      canonical: r.url("/sign-in"),
      noindex: true,
      signingIn: true,
    },
    html`<h1>${t.t("signIn.title", { workspace: name })}</h1>
${signInOptions(r, redirect, problem)}`,
  );
}

/** The ways in this workspace offers, each returning to `redirect`: the sign-in page, and a form a visitor wants to use. */
export function signInOptions(r: PortalRequest, redirect: string, problem?: GuestProblem): Html {
  const { t } = r.frame;
  const { name } = r.frame.workspace;
  const guests = r.ctx.customer.workspace.portalGuestAccess;
  return html`<p>${t.t("signIn.fromApp", { workspace: name })}</p>
${
  offersEmailSignIn(r.ctx)
    ? html`<section aria-labelledby="email-title"><h2 id="email-title">${t.t("signIn.byEmail")}</h2>
<p class="muted">${t.t("signIn.byEmailHint")}</p>
<form class="submit" method="post" action="${r.frame.base}/sign-in/email">
<input type="hidden" name="redirect" value="${redirect}">
<label for="email-address">${t.t("signIn.email")}</label><input id="email-address" name="email" type="email" required maxlength="320" autocomplete="email">
<p><button type="submit">${t.t("signIn.byEmailSend")}</button></p>
</form></section>`
    : ""
}
${
  guests
    ? html`<section aria-labelledby="guest-title"><h2 id="guest-title">${t.t("signIn.guest")}</h2>
<p class="muted">${t.t("signIn.guestHint")}</p>
<form class="submit" method="post" action="${r.frame.base}/sign-in/guest">
<input type="hidden" name="redirect" value="${redirect}">
<label for="guest-name">${t.t("signIn.name")}</label><input id="guest-name" name="name" required maxlength="100" autocomplete="name" value="${problem?.name ?? ""}">
<label for="guest-email">${t.t("signIn.email")}</label><input id="guest-email" name="email" type="email" required maxlength="320" autocomplete="email" value="${problem?.email ?? ""}">
${problem ? html`<p class="error" role="alert">${t.t("form.error", { detail: problem.detail })}</p>` : ""}
<p><button type="submit">${t.t("signIn.guestSend")}</button></p>
</form></section>`
    : ""
}`;
}
