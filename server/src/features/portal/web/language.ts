import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { servedOverHttps } from "../../../http/credentials/browser-origin.js";
import type { AppEnv } from "../../../http/env.js";
import { DEFAULT_LANGUAGE, fromAcceptLanguage, type Language, supportedLanguage } from "../../../platform/i18n/languages.js";

// The language a portal page speaks, in the order shared/CONTRACT.md gives: `?lang=` (a link or
// the language switch), then the visitor's choice (a cookie the switch set), then the browser's
// Accept-Language, then the workspace's default. A choice by `?lang=` is remembered in the cookie,
// for every portal on this server (a person's language is not a workspace's), for a year.
//
// Under https the cookie is partitioned (SameSite=None; Secure; Partitioned), so it also holds
// inside the widget's panel on the customer's site, kept for that one site only; over plain http
// (a developer's machine) it is an ordinary Lax cookie.

export const LANGUAGE_COOKIE = "heed_lang";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface LanguageChoice {
  language: Language;
  /** What `?lang=` asked for, when it named a supported language: the reader's fresh choice. */
  chosen: Language | null;
}

export function portalLanguage(c: Context<AppEnv>, workspaceDefault: Language | null): LanguageChoice {
  const chosen = supportedLanguage(c.req.query("lang"));
  if (chosen) {
    if (getCookie(c, LANGUAGE_COOKIE) !== chosen) rememberLanguage(c, chosen);
    return { language: chosen, chosen };
  }
  const language =
    supportedLanguage(getCookie(c, LANGUAGE_COOKIE)) ?? fromAcceptLanguage(c.req.header("accept-language")) ?? workspaceDefault ?? DEFAULT_LANGUAGE;
  return { language, chosen: null };
}

/** The language of a page with no workspace to ask (no portal at this address). */
export function visitorLanguage(c: Context<AppEnv>): Language {
  return portalLanguage(c, null).language;
}

function rememberLanguage(c: Context<AppEnv>, language: Language): void {
  const common = { path: "/p/", maxAge: YEAR_SECONDS, httpOnly: true };
  if (servedOverHttps(c)) setCookie(c, LANGUAGE_COOKIE, language, { ...common, secure: true, sameSite: "None", partitioned: true });
  else setCookie(c, LANGUAGE_COOKIE, language, { ...common, sameSite: "Lax" });
}
