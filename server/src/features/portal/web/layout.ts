import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Translator } from "../../../platform/i18n/translator.js";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../platform/i18n/languages.js";
import { PORTAL_CSS } from "./assets.js";

// The frame of every portal page: what search engines and link previews read (title,
// description, canonical URL, OpenGraph and Twitter cards; `noindex` for a private portal), the
// workspace's name and navigation, and the page. No inline script or style: the CSP allows none.

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export interface PageMeta {
  title: string;
  description: string;
  /** The page's absolute URL, without query string unless it names a different page. */
  canonical: string;
  /** A private portal, an error or a search: kept out of search engines. */
  noindex?: boolean;
  /** Feeds to announce (`<link rel="alternate">`). */
  feeds?: { rss: string; atom: string; title: string };
  /** Which navigation entry is this page. */
  section?: "home" | "roadmap" | "changelog" | "me";
  /** Where the header's "Post an idea" leads: a board's own form on its pages, else the board chooser. */
  newIdea?: string;
  /** The sign-in pages themselves: their header offers no "Sign in". */
  signingIn?: boolean;
  /** A private portal's notice to a reader not signed in: no navigation to pages that are closed to them. */
  gated?: boolean;
  /** A page of columns (the roadmap): the full width of the window, not a column of reading width. */
  wide?: boolean;
}

export interface Frame {
  t: Translator;
  workspace: { name: string; slug: string };
  base: string;
  /** The workspace's logo and accent colour, when it has them. */
  brand: { logoUrl: string | null; accentColor: string | null };
  /** The enhancing script's address, when it is built. */
  scriptUrl: string | null;
  /** The language the address names (`?lang=`), or null when the page negotiated it. */
  languageInAddress: string | null;
  /** This page's path and its query without `lang`: the language switch and `hreflang` links keep them. */
  here: { path: string; query: [string, string][] };
  /** The signed-in end user, and the token their forms carry; null for an anonymous reader. */
  reader: { name: string; formToken: string } | null;
}

/** The sign-in page, which returns to `canonical` (this page) once the reader is in. */
export function signInHref(frame: Frame, canonical: string): string {
  return `${frame.base}/sign-in?redirect=${encodeURIComponent(new URL(canonical).pathname)}`;
}

/** The hidden field every form of a signed-in reader carries. */
export function formTokenField(frame: Frame): Html {
  return frame.reader ? html`<input type="hidden" name="_form" value="${frame.reader.formToken}">` : html``;
}

export function page(frame: Frame, meta: PageMeta, body: Html): Html {
  const { t, workspace, base } = frame;
  // Each language's page is its own canonical (`?lang=`), as its hreflang alternates say; a page
  // that negotiated its language is the x-default one.
  const canonical = frame.languageInAddress ? inLanguage(meta.canonical, frame.languageInAddress) : meta.canonical;
  return html`<!doctype html>
<html lang="${t.locale}" dir="${t.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<link rel="canonical" href="${canonical}">
${meta.noindex ? raw('<meta name="robots" content="noindex, nofollow">') : ""}
<meta property="og:type" content="website">
<meta property="og:site_name" content="${workspace.name}">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
<meta property="og:url" content="${canonical}">
${frame.brand.logoUrl ? html`<meta property="og:image" content="${frame.brand.logoUrl}">` : ""}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${meta.title}">
<meta name="twitter:description" content="${meta.description}">
${meta.feeds ? html`<link rel="alternate" type="application/rss+xml" title="${meta.feeds.title}" href="${meta.feeds.rss}"><link rel="alternate" type="application/atom+xml" title="${meta.feeds.title}" href="${meta.feeds.atom}">` : ""}
${meta.noindex ? "" : alternates(meta.canonical)}
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="${PORTAL_CSS.url}">
${frame.brand.accentColor ? html`<link rel="stylesheet" href="${base}/theme.css?v=${frame.brand.accentColor.slice(1)}">` : ""}
${frame.scriptUrl ? html`<script src="${frame.scriptUrl}" defer></script>` : ""}
</head>
<body>
<a class="skip" href="#content">${t.t("nav.skip")}</a>
<header class="top">
<a class="brand" href="${base}">${frame.brand.logoUrl ? html`<img src="${frame.brand.logoUrl}" alt="">` : ""}${workspace.name}</a>
${meta.gated ? "" : headerLinks(frame, meta)}
</header>
<main id="content" tabindex="-1"${meta.wide ? raw(' class="wide"') : ""}>
${body}
</main>
<footer class="bottom">${languageSwitch(frame)}<p>${t.t("footer.poweredBy")}</p></footer>
</body>
</html>`;
}

/** The same page in each language (`?lang=`), and the one that negotiates (`x-default`), for search engines. */
function alternates(canonical: string): Html {
  return html`${LANGUAGES.map((language) => html`<link rel="alternate" hreflang="${language}" href="${inLanguage(canonical, language)}">`)}<link rel="alternate" hreflang="x-default" href="${canonical}">`;
}

function inLanguage(url: string, language: string): string {
  const address = new URL(url);
  address.searchParams.set("lang", language);
  return address.href;
}

/** A plain GET form, so it works without JavaScript: this page again, with `?lang=` (the script submits on change). */
function languageSwitch(frame: Frame): Html {
  const { t, here } = frame;
  return html`<form class="language" method="get" action="${here.path}" data-enhance="language">
${here.query.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<label for="language">${t.t("lang.label")}</label>
<select id="language" name="lang">${LANGUAGES.map(
    (language) => html`<option value="${language}" lang="${language}"${language === t.locale ? raw(" selected") : ""}>${LANGUAGE_NAMES[language]}</option>`,
  )}</select>
<button type="submit" class="secondary">${t.t("lang.change")}</button>
</form>`;
}

/** The header's navigation, "Post an idea", and who is signed in (or the way to sign in). */
function headerLinks(frame: Frame, meta: PageMeta): Html {
  const { t, workspace, base } = frame;
  const nav = (section: PageMeta["section"], href: string, label: string) =>
    html`<li><a href="${href}"${meta.section === section ? raw(' aria-current="page"') : ""}>${label}</a></li>`;
  const account = frame.reader
    ? html`<form method="post" action="${base}/sign-out">${formTokenField(frame)}<span>${frame.reader.name}</span> <button type="submit" class="secondary">${t.t("nav.signOut")}</button></form>`
    : meta.signingIn
      ? ""
      : html`<a href="${signInHref(frame, meta.canonical)}">${t.t("nav.signIn")}</a>`;
  return html`<nav aria-label="${workspace.name}"><ul>
${nav("home", base, t.t("nav.home"))}
${nav("roadmap", `${base}/roadmap`, t.t("nav.roadmap"))}
${nav("changelog", `${base}/changelog`, t.t("nav.changelog"))}
${frame.reader ? nav("me", `${base}/me`, t.t("nav.me")) : ""}
</ul></nav>
<div class="account">
<a class="button" href="${meta.newIdea ?? `${base}/new`}">${t.t("submit.link")}</a>
${account}
</div>`;
}
