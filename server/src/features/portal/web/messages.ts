// Every string of the portal's pages, in one catalogue per language, so that a translation is a
// new catalogue and nothing else. `{name}` is replaced by a value; plural forms are keyed by
// Intl.PluralRules categories (`.one`, `.other`, and whatever a language needs).

export const en = {
  "nav.home": "Boards",
  "nav.roadmap": "Roadmap",
  "nav.changelog": "Changelog",
  "nav.skip": "Skip to content",
  "nav.me": "My ideas and votes",
  "nav.signOut": "Sign out",
  "vote.vote": "Vote",
  "vote.voted": "Voted",
  "vote.signIn": "Sign in from {workspace}'s app to vote and comment.",
  "comment.label": "Add a comment",
  "comment.reply": "Reply",
  "comment.replyLabel": "Your reply",
  "comment.send": "Comment",
  "comment.sendReply": "Send the reply",
  "comment.locked": "Comments are closed on this idea.",
  "submit.link": "Post an idea",
  "submit.title": "Post an idea to {board}",
  "submit.ideaTitle": "Your idea, in a few words",
  "submit.body": "Details (optional)",
  "submit.send": "Post the idea",
  "submit.similar": "Similar ideas: vote for one of these instead?",
  "me.title": "My ideas and votes",
  "me.posts": "Ideas I posted",
  "me.votes": "Ideas I voted for",
  "me.none": "None yet.",
  "signIn.title": "Sign in to {workspace}",
  "signIn.link": "Sign in to vote and comment",
  "signIn.fromApp": "If you use {workspace}, open this portal from their app: it signs you in.",
  "signIn.other": "Other ways to sign in",
  "signIn.byEmail": "Sign in by email",
  "signIn.byEmailHint": "We mail you a link that signs you in.",
  "signIn.byEmailSend": "Mail me a link",
  "signIn.checkInbox": "Check your inbox",
  "signIn.checkInboxText": "If {email} may sign in here, a link is on its way. It works once, within 15 minutes.",
  "signIn.confirm": "Sign in as {email}?",
  "signIn.confirmSend": "Sign in",
  "signIn.linkGone": "This sign-in link was used already, or it expired. Ask for a new one on the sign-in page.",
  "signIn.guest": "Or continue as a guest",
  "signIn.guestHint": "Your name shows beside what you post. Your email is for the team only.",
  "signIn.name": "Your name",
  "signIn.email": "Your email",
  "signIn.guestSend": "Continue",
  "sso.failed.title": "Sign-in did not work",
  "sso.failed.text": "The sign-in link was not accepted: it may have expired. Open the portal from {workspace}'s app again.",
  "form.error": "Please check the form: {detail}",
  "form.outOfDate": "This form was out of date or came from another site, so nothing was changed. Reload the page and try again.",
  "home.title": "{workspace} feedback",
  "home.description": "Share ideas with {workspace}, vote on what matters to you, and follow what is planned and shipped.",
  "home.boards": "Boards",
  "home.noBoards": "There are no public boards yet.",
  "home.trending": "Trending ideas",
  "ideas.title": "All ideas",
  "board.description": "Ideas for {workspace} in {board}: vote on what matters to you.",
  "board.sort": "Sort",
  "board.sort.trending": "Trending",
  "board.sort.votes": "Top",
  "board.sort.newest": "New",
  "board.status": "Status",
  "board.status.any": "Any status",
  "board.search": "Search ideas",
  "board.searchButton": "Search",
  "board.empty": "No ideas here yet.",
  "board.noMatch": "No idea matches. Try other words or another status.",
  "board.next": "More ideas",
  "board.clear": "Show every idea",
  "post.votes.one": "{count} vote",
  "post.votes.other": "{count} votes",
  "post.comments.one": "{count} comment",
  "post.comments.other": "{count} comments",
  "post.in": "in {board}",
  "post.merged": "This idea was merged into another one: its votes and comments count there.",
  "post.mergedLink": "See the idea it was merged into",
  "post.noDescription": "No description.",
  "post.comments": "Comments",
  "post.noComments": "No comments yet.",
  "post.moreComments": "More comments",
  "post.team": "The team",
  "post.anonymous": "Someone",
  "post.shipped": "Announced in the changelog",
  "post.eta": "Expected by {date}",
  "roadmap.title": "Roadmap",
  "roadmap.description": "What {workspace} is considering, working on and has shipped.",
  "roadmap.open": "Under consideration",
  "roadmap.active": "In progress",
  "roadmap.complete": "Shipped",
  "roadmap.empty": "Nothing here yet.",
  "roadmap.more": "More",
  "changelog.title": "Changelog",
  "changelog.description": "What is new at {workspace}.",
  "changelog.empty": "Nothing announced yet.",
  "changelog.older": "Older entries",
  "changelog.type.new": "New",
  "changelog.type.improved": "Improved",
  "changelog.type.fixed": "Fixed",
  "changelog.announces": "Ideas this answers",
  "changelog.feeds": "Follow by RSS or Atom",
  "private.title": "Sign in to {workspace}",
  "private.text": "This feedback portal is private. Open it from {workspace}'s app to sign in.",
  "badRequest.title": "This address is not right",
  "badRequest.text": "A part of it could not be read: it may have been cut, or come from another page. Start again from the boards.",
  "notFound.title": "Not found",
  "notFound.text": "This page does not exist, or is not public.",
  "notFound.home": "Back to the boards",
  "footer.poweredBy": "Feedback by Heed",
  "mail.unsubscribe.title": "Stop mail from {workspace}",
  "mail.unsubscribe.text":
    "You will get no more mail about ideas on {workspace}'s feedback board. You can turn it on again from the link at the foot of any mail.",
  "mail.unsubscribe.confirm": "Unsubscribe",
  "mail.unsubscribed.title": "You are unsubscribed",
  "mail.unsubscribed.text": "No more mail from {workspace}'s feedback board will reach you.",
  "mail.badLink.title": "This link does not work",
  "mail.badLink.text": "It may have been cut short in your mail. Open it again from the mail, whole.",
  "prefs.title": "What you hear from {workspace}",
  "prefs.email": "Mail about the ideas you follow",
  "prefs.email.instant": "As things happen",
  "prefs.email.daily": "A daily digest",
  "prefs.email.weekly": "A weekly digest, on Mondays",
  "prefs.email.off": "No mail",
  "prefs.changelog": "Mail me each new changelog entry",
  "prefs.save": "Save",
  "prefs.saved": "Saved.",
  "follow.follow": "Follow",
  "follow.following": "Following",
  "follow.hint": "Followers hear by mail when the team answers, plans or ships this idea.",
  "widget.launcher": "Feedback",
  "widget.panel": "Feedback",
  "widget.close": "Close",
  "widget.fresh": "{count} new in the changelog",
} as const;

export type MessageKey = keyof typeof en;
type Catalogue = Record<MessageKey, string>;

const catalogues: Record<string, Catalogue> = { en };

export interface Translator {
  locale: string;
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** The plural form of `key` (`key.one`, `key.other`, …) for `count`. */
  plural(key: string, count: number, values?: Record<string, string | number>): string;
}

export function translator(locale = "en"): Translator {
  const catalogue = catalogues[locale] ?? en;
  const rules = new Intl.PluralRules(locale);
  const fill = (text: string, values: Record<string, string | number> = {}) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  const t = (key: MessageKey, values?: Record<string, string | number>) => fill(catalogue[key] ?? en[key], values);
  return {
    locale,
    t,
    plural: (key, count, values) => {
      const form = `${key}.${rules.select(count)}` as MessageKey;
      return t(form in catalogue ? form : (`${key}.other` as MessageKey), { count: count.toLocaleString(locale), ...values });
    },
  };
}
