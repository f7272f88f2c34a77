import type { Context } from "hono";
import type { AppEnv } from "../../../http/env.js";
import { StaticBody } from "../../../http/encodings.js";
import { DEFAULT_LANGUAGE, fromAcceptLanguage, type Language, supportedLanguage } from "../../../platform/i18n/languages.js";
import { translator } from "../../../platform/i18n/translator.js";
import type { Asset } from "./assets.js";

// The widget's few words (its launcher, its panel's name, Close, the badge's meaning, the tabs)
// come from the message catalogue like every other string: the built script holds a placeholder,
// and the served one holds the words of one language. The script's address is fixed (customers
// paste it), so the language is the one its `?lang=` names (the customer's app knows its user's),
// else the browser's Accept-Language. A `?lang=` also goes to the panel's pages; without one,
// the portal chooses as it always does (the reader's own choice, the browser, the workspace).

const PLACEHOLDER = '"__HEED_WIDGET_WORDS__"';

function wordsOf(language: Language, explicit: boolean) {
  const { t, dir } = translator(language);
  return {
    launcher: t("widget.launcher"),
    panel: t("widget.panel"),
    close: t("widget.close"),
    fresh: t("widget.fresh", { count: "{count}" }),
    freshShort: t("widget.freshShort", { count: "{count}" }),
    freshWhere: t("widget.freshWhere"),
    tabs: { feedback: t("widget.tab.feedback"), ideas: t("widget.tab.ideas"), roadmap: t("widget.tab.roadmap"), changelog: t("widget.tab.changelog") },
    ...(explicit ? { lang: language } : {}),
    ...(dir === "rtl" ? { dir } : {}),
  };
}

/** The widget's script in the language a request asks for, each one built (and compressed) once. */
export function widgetScript(widget: Asset): (c: Context<AppEnv>) => StaticBody {
  const source = widget.body.toString("utf8");
  const built = new Map<string, StaticBody>();
  return (c) => {
    const asked = supportedLanguage(c.req.query("lang"));
    const language = asked ?? fromAcceptLanguage(c.req.header("accept-language")) ?? DEFAULT_LANGUAGE;
    const key = `${language}:${asked !== null}`;
    let body = built.get(key);
    if (!body) {
      // The built brotli and gzip forms hold the placeholder: each language is compressed anew.
      body = new StaticBody(Buffer.from(source.replace(PLACEHOLDER, JSON.stringify(JSON.stringify(wordsOf(language, asked !== null))))), widget.type);
      built.set(key, body);
    }
    return body;
  };
}
