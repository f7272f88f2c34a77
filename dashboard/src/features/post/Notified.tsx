import type { Schemas } from "@heed/client";
import { useEffect, useRef, useState } from "react";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { postNotificationsQuery } from "../../data/notifications.js";
import type { Post } from "./queries.js";

// Who was told what about this post, and whether their mail went out: the evidence that the loop
// was closed (a status change reached its voters; a mail failed and why it matters).
//
// It follows what happens without a reload, and asks only while something is on its way: after the
// post moved (its status, a comment, a merge: what announces), every 2 s until a newer line
// arrives or 30 s pass (the notification worker fans a change out within a second or two; a change
// that tells nobody stops asking after 30 s); and every 5 s while a mail of the last 10 minutes is
// waiting (the notification window holds it for minutes). Otherwise it asks nothing.

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

const EXPECTING_MS = 2_000;
const WAITING_MS = 5_000;
const EXPECT_FOR_MS = 30_000;
/** A mail still waiting after this long waits for a retry hours away: the page stops asking. */
const WAITING_FOR_MS = 10 * 60_000;

export function Notified({ post }: { post: Post }) {
  const expecting = useExpectingNews(post);
  const listed = postNotificationsQuery(post.id);
  const { query, items } = useCursorList({
    ...listed,
    refetchInterval: (q) => {
      const first = q.state.data?.pages[0]?.data ?? [];
      if (expecting.is(first[0]?.id)) return EXPECTING_MS;
      return first.some((t) => t.mail === "waiting" && Date.now() - Date.parse(t.createdAt) < WAITING_FOR_MS) ? WAITING_MS : false;
    },
  });
  expecting.heard(items[0]?.id);
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

/**
 * Whether the list should soon hold a line it does not yet: set when the post moves in a way that
 * announces (a new status, new activity, a merge), over once a line newer than the newest known
 * then arrives, or after EXPECT_FOR_MS. Ids are time-sortable, so "newer" needs no clock.
 */
function useExpectingNews(post: Post) {
  const moved = `${post.status.id} ${post.lastActivityAt} ${post.mergedInto ?? ""}`;
  const seen = useRef(moved);
  const newest = useRef<string | undefined>(undefined);
  // The newest line when the post moved: a line other than it is the news.
  const [since, setSince] = useState<{ newest: string | undefined } | null>(null);
  useEffect(() => {
    if (seen.current === moved) return;
    seen.current = moved;
    setSince({ newest: newest.current });
    const over = setTimeout(() => setSince(null), EXPECT_FOR_MS);
    return () => clearTimeout(over);
  }, [moved]);
  return {
    is: (first: string | undefined) => since !== null && first === since.newest,
    heard: (first: string | undefined) => {
      newest.current = first;
    },
  };
}
