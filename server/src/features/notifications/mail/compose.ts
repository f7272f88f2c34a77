import type { Translator } from "../../../platform/i18n/translator.js";
import type { NotificationKind } from "../kinds.js";

// What one notification says, in plain words of the reader's language: a headline, what the team
// wrote (if anything), and where to go. The mail's layout (NotificationMail.tsx) and its plain-text
// part both use it. Titles and names stay as they were written; a status is named in the reader's
// language when the team gave it a name there (send.ts).

export interface Line {
  headline: string;
  /** The team's words: a status comment, a reply, a comment, an entry's first lines; the mail quotes them. */
  quote?: string;
  /** The reader's own ideas a changelog entry ships, each linked. */
  ideas?: { label: string; items: { title: string; href: string }[] };
  link: { href: string; label: string };
}

export interface Links {
  /** The portal's page of a post for an end user, the dashboard's for a member. */
  post: (postId: string) => string;
  changelog: string;
  /** A changelog entry's own page. */
  entry: (entryId: string) => string;
}

export function lineOf(t: Translator, kind: NotificationKind, postId: string | null, data: Record<string, unknown>, links: Links): Line {
  const say = t.t;
  const q = (text: unknown) => say("notify.quoted", { text: String(text) });
  const post = { href: postId ? links.post(postId) : links.changelog, label: say("notify.seeIdea") };
  const open = { ...post, label: say("notify.openPost") };
  const actor = typeof data.actorName === "string" && data.actorName ? data.actorName : say("notify.team");
  const title = q(data.title);
  const quote = typeof data.body === "string" && data.body ? { quote: data.body } : {};
  switch (kind) {
    case "status_changed":
      return { headline: say("notify.statusChanged", { title, status: String(data.to) }), ...quote, link: post };
    case "team_replied":
      return { headline: say("notify.teamReplied", { actor, title }), ...quote, link: { ...post, label: say("notify.readReply") } };
    case "merged":
      // Without `intoId` the post it went into is not the reader's to see: the merge is told, not where.
      return typeof data.intoId === "string"
        ? { headline: say("notify.merged", { title, into: q(data.intoTitle) }), link: { href: links.post(data.intoId), label: say("notify.seeWhere") } }
        : { headline: say("notify.mergedUnshown", { title }), link: post };
    case "changelog_answered": {
      // The ideas of the entry this reader follows (send.ts puts them in `yours`).
      const yours = (data.yours as { id: string; title: string }[] | undefined) ?? [];
      const entry = String(data.entryTitle);
      const excerpt = typeof data.excerpt === "string" && data.excerpt ? { quote: data.excerpt } : {};
      return {
        headline:
          yours.length === 1
            ? say("notify.ideaShipped", { idea: q(yours[0]!.title), entry })
            : say(yours.length > 1 ? "notify.ideasShipped" : "notify.changelogAnswered", { entry }),
        ...(yours.length > 0 ? { ideas: { label: say("notify.yourIdeas"), items: yours.map((p) => ({ title: p.title, href: links.post(p.id) })) } } : {}),
        ...excerpt,
        link: { href: entryLink(data, links), label: say("notify.readWhatChanged") },
      };
    }
    case "changelog_published":
      return {
        headline: say("notify.changelogPublished", { entry: String(data.entryTitle) }),
        ...(typeof data.excerpt === "string" && data.excerpt ? { quote: data.excerpt } : {}),
        link: { href: entryLink(data, links), label: say("notify.readWhatChanged") },
      };
    case "new_post":
      return { headline: say("notify.newPost", { board: String(data.boardName), title }), ...quote, link: open };
    case "commented":
      return { headline: say("notify.commented", { actor, title }), ...quote, link: open };
    case "mentioned":
      return { headline: say("notify.mentioned", { actor, title }), ...quote, link: open };
    case "assigned":
      return { headline: say("notify.assigned", { actor, title }), link: open };
  }
}

/** The entry's own page; the changelog for a notification written before entries had one. */
function entryLink(data: Record<string, unknown>, links: Links): string {
  return typeof data.entryId === "string" ? links.entry(data.entryId) : links.changelog;
}

/** One line's headline as the subject; several: how many, and from where. */
export function subjectOf(t: Translator, lines: Line[], workspaceName: string): string {
  if (lines.length === 1) return lines[0]!.headline;
  return t.plural("notify.updates", lines.length, { workspace: workspaceName });
}
