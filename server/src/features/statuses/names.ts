import type { Language } from "../../platform/i18n/languages.js";
import { LANGUAGES } from "../../platform/i18n/languages.js";

// A status's name in a reader's language: the portal, the widget and mail to end users show it; the
// team's dashboard shows the name the team gave it.

export type StatusTranslations = Partial<Record<Language, string>>;

/** The stored translations (JSON), keeping only languages the portal speaks. */
export function readTranslations(stored: string | null | undefined): StatusTranslations {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored || "{}");
  } catch {
    return {};
  }
  const kept: StatusTranslations = {};
  if (parsed && typeof parsed === "object") {
    for (const language of LANGUAGES) {
      const name = (parsed as Record<string, unknown>)[language];
      if (typeof name === "string" && name) kept[language] = name;
    }
  }
  return kept;
}

/** The name a reader of `language` reads: its translation, else the team's name. */
export function statusNameIn(status: { name: string; translations: string | StatusTranslations }, language: Language | null | undefined): string {
  if (!language) return status.name;
  const translations = typeof status.translations === "string" ? readTranslations(status.translations) : status.translations;
  return translations[language] ?? status.name;
}
