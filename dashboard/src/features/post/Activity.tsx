import type { Schemas } from "@heed/client";
import { formatDateTime } from "../../ui/format.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { activityQuery } from "./queries.js";

// The post's history from the audit log, as sentences: who (by name) changed what, and when.

type Activity = Schemas["PostActivity"];

const SENTENCES: Partial<Record<Activity["action"], string>> = {
  "post.created": "posted it",
  "post.updated": "edited it",
  "post.status_changed": "changed the status",
  "post.tagged": "added a tag",
  "post.untagged": "removed a tag",
  "post.merged": "merged it into another post",
  "post.merged_in": "merged a duplicate into it",
  "post.unmerged": "undid its merge",
  "post.unmerged_out": "took a merged duplicate back out",
  "post.duplicate_dismissed": "said it is not a duplicate",
  "post.deleted": "deleted it",
  "post.restored": "restored it",
  "post.held": "posted it, held for approval",
  "post.approved": "approved it",
  "post.rejected": "rejected it",
  "vote.created": "added a vote",
  "vote.deleted": "removed a vote",
  "comment.created": "commented",
};

const KINDS: Record<Activity["actor"]["type"], string> = { member: "A teammate", api_key: "An API key", end_user: "An end user", system: "Heed" };

/** "Ana Lopez voted": an end user's own vote reads as theirs; one the team adds, as added. */
function sentenceOf(a: Activity): string {
  if (a.action === "vote.created" && a.actor.type === "end_user") return "voted";
  return SENTENCES[a.action] ?? a.action;
}

export function ActivityLog({ postId }: { postId: string }) {
  const { query: activity, items: list } = useCursorList(activityQuery(postId));
  return (
    <Panel title="Activity">
      <Loaded read={activity} what="activity">
        <ol className="activity">
          {list.map((a) => (
            <li key={a.id}>
              <span>
                {a.actor.name ?? KINDS[a.actor.type]} {sentenceOf(a)}
                {a.action === "post.status_changed" && typeof a.data.toName === "string" && <> to {a.data.toName}</>}
              </span>{" "}
              <time className="muted" dateTime={a.createdAt}>
                {formatDateTime(a.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      </Loaded>
      <MoreButton list={activity} label="Older activity" />
    </Panel>
  );
}
