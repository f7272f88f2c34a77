import type { NotificationKind } from "../kinds.js";

// What one notification says, in plain words: a headline, what the team wrote (if anything), and
// where to go. The mail's layout (NotificationMail.tsx) and its plain-text part both use it.

export interface Line {
  headline: string;
  /** The team's words: a status comment, a reply, a comment; the mail quotes them. */
  quote?: string;
  link: { href: string; label: string };
}

export interface Links {
  /** The portal's page of a post for an end user, the dashboard's for a member. */
  post: (postId: string) => string;
  changelog: string;
}

const q = (title: unknown) => `“${String(title)}”`;

export function lineOf(kind: NotificationKind, postId: string | null, data: Record<string, unknown>, links: Links): Line {
  const post = { href: postId ? links.post(postId) : links.changelog, label: "See the idea" };
  const by = typeof data.actorName === "string" && data.actorName ? data.actorName : "The team";
  const quote = typeof data.body === "string" && data.body ? data.body : undefined;
  switch (kind) {
    case "status_changed":
      return { headline: `${q(data.title)} is now ${String(data.to)}`, ...(quote ? { quote } : {}), link: post };
    case "team_replied":
      return { headline: `${by} replied on ${q(data.title)}`, ...(quote ? { quote } : {}), link: { ...post, label: "Read the reply" } };
    case "merged":
      return {
        headline: `${q(data.title)} was merged into ${q(data.intoTitle)}: your vote and follow moved with it`,
        link: { href: links.post(String(data.intoId)), label: "See where it went" },
      };
    case "changelog_answered":
      return { headline: `An idea you follow is in: ${String(data.entryTitle)}`, link: { href: links.changelog, label: "Read what changed" } };
    case "changelog_published":
      return { headline: `New: ${String(data.entryTitle)}`, link: { href: links.changelog, label: "Read the changelog" } };
    case "new_post":
      return { headline: `New idea on ${String(data.boardName)}: ${q(data.title)}`, ...(quote ? { quote } : {}), link: { ...post, label: "Open the post" } };
    case "commented":
      return { headline: `${by} commented on ${q(data.title)}`, ...(quote ? { quote } : {}), link: { ...post, label: "Open the post" } };
    case "mentioned":
      return { headline: `${by} mentioned you on ${q(data.title)}`, ...(quote ? { quote } : {}), link: { ...post, label: "Open the post" } };
    case "assigned":
      return { headline: `${by} assigned ${q(data.title)} to you`, link: { ...post, label: "Open the post" } };
  }
}

/** One line's headline as the subject; several: how many, and from where. */
export function subjectOf(lines: Line[], workspaceName: string): string {
  if (lines.length === 1) return lines[0]!.headline;
  return `${lines.length} updates from ${workspaceName}`;
}
