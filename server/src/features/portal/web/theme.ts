import { contrast, textOn } from "../../../../../packages/shared/src/contrast.js";

// The workspace's accent colour as a small stylesheet (the CSP allows no inline style): buttons
// always take it, with black or white text, whichever reads better on it; links take it only in
// the colour schemes where it has the contrast body text needs (4.5:1), so a pale or a dark brand
// colour never makes links unreadable.

const LIGHT_BG = "#ffffff";
const DARK_BG = "#14161a";

export function themeCss(accent: string): string {
  const text = textOn(accent);
  const rules = [`:root { --button: ${accent}; --button-fg: ${text}; }`];
  if (contrast(accent, LIGHT_BG) >= 4.5) rules.push(`@media (prefers-color-scheme: light) { :root { --accent: ${accent}; } }`);
  if (contrast(accent, DARK_BG) >= 4.5) rules.push(`@media (prefers-color-scheme: dark) { :root { --accent: ${accent}; } }`);
  return `${rules.join("\n")}\n`;
}
