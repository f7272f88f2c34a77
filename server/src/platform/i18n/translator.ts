import type { Catalogue, MessageKey } from "./catalogue.js";
import { ar } from "./catalogues/ar.js";
import { de } from "./catalogues/de.js";
import { en } from "./catalogues/en.js";
import { es } from "./catalogues/es.js";
import { fr } from "./catalogues/fr.js";
import { ja } from "./catalogues/ja.js";
import { ptBR } from "./catalogues/pt-BR.js";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "./languages.js";

// Words in one language: a message by its key with its values filled in, a plural form chosen by
// the language's rules, and numbers and dates as that language writes them.

export type { MessageKey };

const catalogues: Record<Language, Catalogue> = { en, de, fr, es, "pt-BR": ptBR, ja, ar };

export type Values = Record<string, string | number>;

export interface Translator {
  locale: Language;
  dir: "ltr" | "rtl";
  t(key: MessageKey, values?: Values): string;
  /** The plural form of `key` (`key.one`, `key.other`, …) for `count`, which fills `{count}`. */
  plural(key: string, count: number, values?: Values): string;
  /** A number as this language writes it (`7,900`, `7.900`, `٧٬٩٠٠`). */
  number(value: number): string;
  /** A large number shortened (`12K`, `1,2 Mio.`, `1.2万`: as the language shortens it). */
  compact(value: number): string;
  /** A date (an ISO timestamp) in words, in UTC: `26 November 2026`. */
  date(iso: string): string;
}

const made = new Map<Language, Translator>();

export function translator(language: Language = DEFAULT_LANGUAGE): Translator {
  let known = made.get(language);
  if (!known) {
    known = build(language);
    made.set(language, known);
  }
  return known;
}

function build(locale: Language): Translator {
  const catalogue = catalogues[locale];
  const rules = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const compacts = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
  const fill = (text: string, values: Values = {}) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  const t = (key: MessageKey, values?: Values) => fill(catalogue[key] ?? en[key], values);
  return {
    locale,
    dir: directionOf(locale),
    t,
    plural: (key, count, values) => {
      const form = `${key}.${rules.select(count)}`;
      const text = catalogue[form] ?? catalogue[`${key}.other`] ?? (en as Record<string, string>)[`${key}.other`] ?? key;
      return fill(text, { count: numbers.format(count), ...values });
    },
    number: (value) => numbers.format(value),
    compact: (value) => compacts.format(value),
    date: (iso) => dates.format(new Date(iso)),
  };
}
