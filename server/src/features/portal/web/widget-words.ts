import type { Asset } from "./assets.js";
import { translator } from "./messages.js";

// The widget's few words (its launcher, its panel's name, Close, the badge's meaning) come from the
// portal's message catalogue like every other string: the built script holds a placeholder, and
// the served one holds the words.

const PLACEHOLDER = '"__HEED_WIDGET_WORDS__"';

export function withWidgetWords(widget: Asset | null, locale = "en"): Asset | null {
  if (!widget) return null;
  const { t } = translator(locale);
  const words = {
    launcher: t("widget.launcher"),
    panel: t("widget.panel"),
    close: t("widget.close"),
    fresh: t("widget.fresh", { count: "{count}" }),
    freshShort: t("widget.freshShort", { count: "{count}" }),
    freshWhere: t("widget.freshWhere"),
    tabs: { feedback: t("widget.tab.feedback"), ideas: t("widget.tab.ideas"), roadmap: t("widget.tab.roadmap"), changelog: t("widget.tab.changelog") },
  };
  const body = Buffer.from(widget.body.toString("utf8").replace(PLACEHOLDER, JSON.stringify(JSON.stringify(words))));
  // Its built brotli and gzip forms hold the placeholder: the served body is compressed anew.
  return { ...widget, body, variants: undefined };
}
