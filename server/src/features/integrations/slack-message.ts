import type { SlackEvent } from "./settings.js";

// Block Kit messages for a Slack channel: a line of what happened, the post's title linked to the
// dashboard, and a short quote of what was written. Slack's mrkdwn takes &, < and > as markup,
// so text from people is escaped; `text` is the fallback notifications show.

export interface SlackMessage {
  text: string;
  blocks: unknown[];
}

const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
const quote = (body: string) =>
  clip(body.trim(), 600)
    .split("\n")
    .map((line) => `>${escapeText(line)}`)
    .join("\n");

interface PostFacts {
  id: string;
  title: string;
  voteCount: number;
  author: string | null;
  board: string;
}

export type SlackChange =
  | { event: "post.created"; post: PostFacts; body: string }
  | { event: "post.status_changed"; post: PostFacts; from: string; to: string }
  | { event: "comment.created"; post: PostFacts; body: string; internal: boolean };

export function slackMessage(change: SlackChange, dashboardUrl: string): SlackMessage {
  const link = `<${dashboardUrl}/app/posts/${change.post.id}|${escapeText(clip(change.post.title, 200))}>`;
  const who = change.post.author ? escapeText(change.post.author) : "Someone";
  const headline: Record<SlackEvent, string> = {
    "post.created": `New post on ${escapeText(change.post.board)} by ${who}: ${link}`,
    "post.status_changed": change.event === "post.status_changed" ? `${link} moved from *${escapeText(change.from)}* to *${escapeText(change.to)}*` : "",
    "comment.created": `${change.event === "comment.created" && change.internal ? "Internal note" : "New comment"} on ${link}`,
  };
  const line = headline[change.event];
  const blocks: unknown[] = [{ type: "section", text: { type: "mrkdwn", text: line } }];
  if (change.event !== "post.status_changed" && change.body.trim()) blocks.push({ type: "section", text: { type: "mrkdwn", text: quote(change.body) } });
  blocks.push({
    type: "context",
    elements: [{ type: "mrkdwn", text: `${change.post.voteCount} ${change.post.voteCount === 1 ? "vote" : "votes"} · ${escapeText(change.post.board)}` }],
  });
  const plain = line.replace(/<[^|>]+\|([^>]+)>/g, "$1").replace(/\*/g, "");
  return { text: plain, blocks };
}
