import type { Schemas } from "@heed/client";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { postNotificationsQuery } from "../../data/notifications.js";

// Who was told what about this post, and whether their mail went out: the evidence that the loop
// was closed (a status change reached its voters; a mail failed and why it matters).

type Told = Schemas["PostNotification"];

const WHAT: Record<Told["kind"], string> = {
  status_changed: "the status change",
  team_replied: "the team's reply",
  merged: "the merge",
  changelog_answered: "the changelog entry",
  changelog_published: "the changelog entry",
  new_post: "the new post",
  commented: "a comment",
  mentioned: "a mention",
  assigned: "the assignment",
};

const MAIL: Record<Told["mail"], { label: string; tone: string }> = {
  sent: { label: "mailed", tone: "good" },
  waiting: { label: "mail waiting", tone: "" },
  failed: { label: "mail failed", tone: "bad" },
  not_mailed: { label: "not mailed: their choice", tone: "" },
  mail_off: { label: "mail is off", tone: "" },
};

export function Notified({ postId }: { postId: string }) {
  const { query, items } = useCursorList(postNotificationsQuery(postId));
  return (
    <Panel title="Who was told">
      <Loaded read={query} what="who was told">
        {items.length === 0 ? (
          <p className="muted">Nobody yet. Voters and followers hear of status changes, the team's replies, merges and changelog entries.</p>
        ) : (
          <ul className="told">
            {items.map((t) => (
              <li key={t.id}>
                <span>
                  {t.recipient.name ?? (t.recipient.type === "user" ? "An end user" : "A teammate")} heard of {WHAT[t.kind]}
                </span>{" "}
                <span className={`badge ${MAIL[t.mail].tone}`}>{MAIL[t.mail].label}</span>{" "}
                <time className="muted" dateTime={t.sentAt ?? t.createdAt} title={formatDateTime(t.sentAt ?? t.createdAt)}>
                  {formatRelative(t.sentAt ?? t.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <MoreButton list={query} label="More" />
      </Loaded>
    </Panel>
  );
}
