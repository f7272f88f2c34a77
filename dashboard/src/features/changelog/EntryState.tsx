import type { Schemas } from "@heed/client";
import { formatDateTime, TIME_ZONE } from "../../ui/format.js";

// Where an entry stands, in words: a draft, scheduled for a time (in the reader's time zone),
// or published when.

export function EntryState({ entry }: { entry: Schemas["ChangelogEntry"] }) {
  if (entry.state === "published")
    return (
      <span className="entry-state" data-state="published">
        <span className="badge good">Published</span> <span className="muted">{formatDateTime(entry.publishedAt)}</span>
      </span>
    );
  if (entry.state === "scheduled")
    return (
      <span className="entry-state" data-state="scheduled">
        <span className="badge status-active">Scheduled</span>{" "}
        <span className="muted">
          for {formatDateTime(entry.publishAt)} ({TIME_ZONE})
        </span>
      </span>
    );
  return (
    <span className="entry-state" data-state="draft">
      <span className="badge">Draft</span>
    </span>
  );
}
