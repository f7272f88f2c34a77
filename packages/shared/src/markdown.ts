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

/** The first `length` characters of the text without its markdown, for descriptions and feeds' summaries. */
export function plainExcerpt(source: string, length = 160): string {
  const text = markdown
    .render(source)
    // Block elements end with a newline in markdown-it's output, so removing the tags keeps words apart.
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
