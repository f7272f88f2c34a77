import { renderMarkdown } from "../../../packages/shared/src/markdown.js";

// Markdown as the portal shows it: the server's own renderer (raw HTML off, safe links).

export function Markdown({ source, empty = "No description." }: { source: string; empty?: string }) {
  if (!source.trim()) return <p className="muted">{empty}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html off escapes every tag
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
