import { LANGUAGES, type Language } from "../../../../packages/shared/src/languages.js";

// Which way each language reads, and which supported language a tag or a browser asks for.

export { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../../packages/shared/src/languages.js";

export const DEFAULT_LANGUAGE: Language = "en";

const RIGHT_TO_LEFT = new Set<Language>(["ar"]);

export function directionOf(language: Language): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

const byLowerCase = new Map<string, Language>(LANGUAGES.map((language) => [language.toLowerCase(), language]));

/**
 * The supported language a tag asks for, or null: the tag itself in any case (`pt-br`), else its
 * primary language (`de-AT` → `de`, `pt` or `pt-PT` → `pt-BR`, the one Portuguese Heed speaks).
 */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replaceAll("_", "-");
  if (lower.length > 35) return null;
  const exact = byLowerCase.get(lower);
  if (exact) return exact;
  const primary = lower.split("-")[0] ?? "";
  return byLowerCase.get(primary) ?? LANGUAGES.find((language) => language.toLowerCase().split("-")[0] === primary) ?? null;
}

/**
 * The best supported language of an `Accept-Language` header (RFC 9110 §12.5.4): by quality, then
 * by order; `*` and unsupported tags give nothing, so the caller's fallback decides.
 */
export function fromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked: { language: Language; q: number; index: number }[] = [];
  // A bounded read: a header of thousands of ranges is someone else's problem, not a CPU's.
  for (const [index, range] of header.split(",", 32).entries()) {
    const [tag = "", ...params] = range.split(";");
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    const language = supportedLanguage(tag);
    if (language && Number.isFinite(q) && q > 0) ranked.push({ language, q, index });
  }
  ranked.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}
