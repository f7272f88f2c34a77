import MarkdownIt from "markdown-it";

// Markdown as Heed shows it everywhere (the portal's pages, the dashboard): raw HTML off, so a
// typed tag shows as text and nothing an end user writes runs in another person's browser;
// markdown-it also refuses javascript: and data: links. Links leave with no referrer and no
// endorsement (rel=nofollow), which keeps spam from paying off.

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });
const defaultLink = markdown.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
markdown.renderer.rules.link_open = (tokens, i, options, env, self) => {
  tokens[i]!.attrSet("rel", "nofollow noopener noreferrer ugc");
  return defaultLink(tokens, i, options, env, self);
};

/** The markdown as safe HTML. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The entities markdown-it writes, and what they stand for. */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The first `length` characters of the text without its markdown, for descriptions and feeds' summaries. */
export function plainExcerpt(source: string, length = 160): string {
  const text = markdown
    .render(source)
    // Block elements end with a newline in markdown-it's output, so removing the tags keeps words apart.
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/**
 * The markdown as plain text that reads well in a mail's text part: emphasis marks gone, a link as
 * its words and its address, list items as lines, paragraphs apart.
 */
export function markdownAsText(source: string): string {
  return markdown
    .render(source)
    .replace(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/g, (_, href: string, words: string) => (words === href ? href : `${words} (${href})`))
    .replace(/<br\s*\/?>/g, "")
    .replace(/<li>/g, "- ")
    .replace(/<\/(p|h[1-6]|blockquote|pre)>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
