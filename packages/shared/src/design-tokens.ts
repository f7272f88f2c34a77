// The colours and type the dashboard, the portal and the widget are all drawn with, light and dark
// from the reader's system. The portal's styles begin with this CSS; the dashboard's build adds it
// to its stylesheet (dashboard/vite.config.ts); the widget's shadow root takes designTokensFor(":host"),
// so the three never drift apart. A workspace's portal
// branding overrides --accent on top of it.

const LIGHT = {
  bg: "#ffffff",
  fg: "#1b1d21",
  muted: "#5c6370",
  line: "#d8dbe0",
  accent: "#3b4fd8",
  "accent-fg": "#ffffff",
  danger: "#b42318",
  good: "#067647",
  hover: "#eef0f4",
  soft: "#f3f4f7",
};

const DARK: typeof LIGHT = {
  bg: "#14161a",
  fg: "#e7e9ee",
  muted: "#a3a9b5",
  line: "#343842",
  accent: "#8f9dff",
  "accent-fg": "#0d0f14",
  danger: "#ff8a7a",
  good: "#6ce9a6",
  hover: "#232630",
  soft: "#1d2026",
};

const declarations = (tokens: typeof LIGHT, indent: string) =>
  Object.entries(tokens)
    .map(([name, value]) => `${indent}--${name}: ${value};`)
    .join("\n");

/**
 * The tokens alone, for a scope other than the document (the widget's shadow root: `:host`), light
 * and dark; the accent is a custom property, so a workspace's own colour can replace it.
 */
export function designTokensFor(selector: string): string {
  return `${selector} {\n${declarations(LIGHT, "  ")}\n}\n@media (prefers-color-scheme: dark) {\n  ${selector} {\n${declarations(DARK, "    ")}\n  }\n}\n`;
}

export const DESIGN_TOKENS_CSS = `:root {
  color-scheme: light dark;
${declarations(LIGHT, "  ")}
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
}
@media (prefers-color-scheme: dark) {
  :root {
${declarations(DARK, "    ")}
  }
}
`;
