import { describe, expect, it } from "vitest";
import { en } from "../catalogues/en.js";
import { fromAcceptLanguage, LANGUAGES, supportedLanguage } from "../languages.js";
import { translator } from "../translator.js";

// The catalogues and the choice of a language, without a server: every language says every
// message with the same values in it, has each plural form its rules ask for, and a browser's
// Accept-Language picks the language a person reads best of those Heed speaks.

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
// A plural message has a `.one` and an `.other` form (`signIn.other` is a message of its own).
const pluralKeys = Object.keys(en)
  .filter((k) => k.endsWith(".one"))
  .map((k) => k.slice(0, -".one".length));

describe("the catalogues", () => {
  for (const language of LANGUAGES) {
    it(`${language} says every message, with the values English fills in`, () => {
      const { t } = translator(language);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const text = t(key);
        expect(text.trim(), `${language} ${key}`).not.toBe("");
        expect(placeholders(text), `${language} ${key}: ${text}`).toEqual(placeholders(en[key]));
      }
    });

    it(`${language} has each plural form its rules name, with the count in it`, () => {
      const t = translator(language);
      for (const key of pluralKeys) {
        for (const count of [0, 1, 2, 3, 5, 11, 100, 1_000_000]) {
          const text = t.plural(key, count, { workspace: "Acme" });
          expect(text, `${language} ${key} ${count}`).not.toMatch(/[{}]/);
          // Arabic may say "no votes", "one vote", "two votes" in words; every other form shows the number.
          if (!(language === "ar" && count <= 2)) expect(text, `${language} ${key} ${count}`).toContain(t.number(count));
        }
      }
    });
  }

  it("writes numbers and dates as the language does, and Arabic reads right to left", () => {
    expect(translator("de").number(7936)).toBe("7.936");
    expect(translator("en").compact(12_345)).toBe("12.3K");
    expect(translator("ja").date("2026-11-26T10:00:00Z")).toBe("2026年11月26日");
    expect(translator("fr").date("2026-11-26T10:00:00Z")).toBe("26 novembre 2026");
    expect(translator("ar").dir).toBe("rtl");
    expect(translator("pt-BR").dir).toBe("ltr");
  });
});

describe("choosing a language", () => {
  it("takes a tag in any case, or its primary language", () => {
    expect(supportedLanguage("pt-br")).toBe("pt-BR");
    expect(supportedLanguage("pt")).toBe("pt-BR");
    expect(supportedLanguage("pt_PT")).toBe("pt-BR");
    expect(supportedLanguage("de-AT")).toBe("de");
    expect(supportedLanguage("AR-eg")).toBe("ar");
    expect(supportedLanguage("zh-CN")).toBeNull();
    expect(supportedLanguage("")).toBeNull();
    expect(supportedLanguage("x".repeat(100))).toBeNull();
  });

  it("reads Accept-Language by quality, then order, skipping what Heed does not speak and what is refused", () => {
    expect(fromAcceptLanguage("de-CH, fr;q=0.9, en;q=0.8")).toBe("de");
    expect(fromAcceptLanguage("zh-CN, ja;q=0.5, en;q=0.4")).toBe("ja");
    expect(fromAcceptLanguage("en;q=0.2, es;q=0.9")).toBe("es");
    expect(fromAcceptLanguage("fr;q=0, ar")).toBe("ar");
    expect(fromAcceptLanguage("zh, *;q=0.1")).toBeNull();
    expect(fromAcceptLanguage("q=;;,,de;q=abc")).toBeNull();
    expect(fromAcceptLanguage(undefined)).toBeNull();
    expect(fromAcceptLanguage(`${"xx, ".repeat(10_000)}de`)).toBeNull();
  });
});
