// The languages Heed's portal, widget and mails to end users speak, each by its BCP 47 tag, with
// its name in itself (what a language switch lists). The server's words are in
// server/src/platform/i18n; the dashboard lists these for a workspace's default language.

export const LANGUAGES = ["en", "de", "fr", "es", "pt-BR", "ja", "ar"] as const;

export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  ja: "日本語",
  ar: "العربية",
};
