// The workspace's accent colour as a small stylesheet (the CSP allows no inline style): buttons
// always take it, with black or white text, whichever reads better on it; links take it only in
// the colour schemes where it has the contrast body text needs (4.5:1), so a pale or a dark brand
// colour never makes links unreadable.

const LIGHT_BG = "#ffffff";
const DARK_BG = "#14161a";

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

export function themeCss(accent: string): string {
  const text = contrast(accent, "#000000") >= contrast(accent, "#ffffff") ? "#000000" : "#ffffff";
  const rules = [`:root { --button: ${accent}; --button-fg: ${text}; }`];
  if (contrast(accent, LIGHT_BG) >= 4.5) rules.push(`@media (prefers-color-scheme: light) { :root { --accent: ${accent}; } }`);
  if (contrast(accent, DARK_BG) >= 4.5) rules.push(`@media (prefers-color-scheme: dark) { :root { --accent: ${accent}; } }`);
  return `${rules.join("\n")}\n`;
}
