import MarkdownIt from "markdown-it";

// Markdown as the portal and the dashboard show it. Raw HTML is off (typed tags show as text),
// so what an end user writes cannot run script in a teammate's dashboard; markdown-it also
// refuses javascript: and data: links. Links leave with no referrer and no endorsement.

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });
const defaultLink = markdown.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
markdown.renderer.rules.link_open = (tokens, i, options, env, self) => {
  tokens[i]!.attrSet("rel", "nofollow noopener noreferrer");
  return defaultLink(tokens, i, options, env, self);
};

export function Markdown({ source, empty = "No description." }: { source: string; empty?: string }) {
  if (!source.trim()) return <p className="muted">{empty}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html off escapes every tag
  return <div className="markdown" dangerouslySetInnerHTML={{ __html: markdown.render(source) }} />;
}
