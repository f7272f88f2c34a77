import { html } from "hono/html";
import { PORTAL_CSS } from "../assets.js";
import { translator } from "../../../../platform/i18n/translator.js";
import type { Frame, Html } from "../layout.js";
import { page } from "../layout.js";
import type { MessageKey } from "../../../../platform/i18n/translator.js";
import type { Language } from "../../../../platform/i18n/languages.js";

// Pages that say why there is nothing to show or do: a private portal to a reader not signed in,
// an unknown page, an address that could not be read, a form that was refused, a sign-in link
// that was not accepted. None of them is for search engines.

function noticePage(frame: Frame, canonical: string, title: string, text: string, home = true): Html {
  return page(
    frame,
    { title, description: title, canonical, noindex: true },
    html`<h1>${title}</h1><p>${text}</p>${home ? html`<p><a href="${frame.base}">${frame.t.t("notFound.home")}</a></p>` : ""}`,
  );
}

const named =
  (titleKey: MessageKey, textKey: MessageKey, home = true) =>
  (frame: Frame, canonical: string) =>
    noticePage(frame, canonical, frame.t.t(titleKey, { workspace: frame.workspace.name }), frame.t.t(textKey, { workspace: frame.workspace.name }), home);

/** A private portal to a reader not signed in; with other ways in than the customer's app, a link to them. */
export function privatePage(frame: Frame, canonical: string, signInHref: string | null): Html {
  const { t } = frame;
  const title = t.t("private.title", { workspace: frame.workspace.name });
  return page(
    frame,
    { title, description: title, canonical, noindex: true, gated: true },
    html`<h1>${title}</h1><p>${t.t("private.text", { workspace: frame.workspace.name })}</p>${signInHref ? html`<p><a class="button" href="${signInHref}">${t.t("signIn.other")}</a></p>` : ""}`,
  );
}
/** An address under /p/ that names no portal: no workspace to draw a frame for, so a page of its own. */
export function noSuchPortalPage(language: Language): Html {
  const t = translator(language);
  return html`<!doctype html>
<html lang="${t.locale}" dir="${t.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${t.t("noPortal.title")}</title><link rel="icon" href="/favicon.ico"><link rel="stylesheet" href="${PORTAL_CSS.url}"></head>
<body><main id="content"><h1>${t.t("noPortal.title")}</h1><p>${t.t("noPortal.text")}</p></main></body>
</html>`;
}

export const notFoundPage = named("notFound.title", "notFound.text");
export const badRequestPage = named("badRequest.title", "badRequest.text");
export const ssoFailedPage = named("sso.failed.title", "sso.failed.text");
export const signInFirstPage = named("private.title", "vote.signIn");
export const formRefusedPage = named("badRequest.title", "form.outOfDate");
