import { newId } from "../../../platform/lib/ids.js";
import type { ImportedChangelog, RowProblem, SourceRow } from "../model.js";
import { isNew, type Landing, previewed, record, reportKept } from "./chunk.js";
import { clipped } from "./values.js";

// Changelog entries (Canny's), with the posts they announced. A published one keeps its date and
// tells nobody (it is history); a scheduled one publishes when its time comes, as any scheduled
// entry does; anything else is a draft.

const TYPES = new Set(["new", "improved", "fixed"]);

export function landChangelog(landing: Landing, row: SourceRow<"changelog">): void {
  const { state, writes, report } = landing;
  const entry = row.data as ImportedChangelog;
  const problems: RowProblem[] = [...(row.problems ?? [])];
  if (!isNew(landing, "changelog", "changelog", entry.ref, row)) return;
  const title = entry.title.trim();
  if (title === "") {
    report.skip("changelog", row, { field: "title", code: "missing_title", message: "A changelog entry needs a title." });
    return;
  }
  const createdAt = entry.createdAt ?? landing.at;
  const type = entry.type && TYPES.has(entry.type.toLowerCase()) ? (entry.type.toLowerCase() as "new" | "improved" | "fixed") : "new";
  const publishedAt = entry.state === "published" ? (entry.publishedAt ?? createdAt) : null;
  const publishAt = entry.state === "scheduled" ? (entry.scheduledFor ?? landing.at) : null;
  const id = newId("changelog", Date.parse(createdAt));
  writes.changelog.push({
    id,
    workspace_id: state.workspaceId,
    title: clipped(title, 200, "title", problems),
    body: clipped(entry.body, 20_000, "body", problems),
    type,
    state: entry.state,
    publish_at: publishAt,
    published_at: publishedAt,
    created_at: createdAt,
    updated_at: createdAt,
    // A scheduled entry tells when it publishes here; one published elsewhere was told there, not by Heed.
    notify: 1,
    told_at: null,
  });
  const linked = new Set<string>();
  for (const ref of entry.postRefs) {
    const postId = state.refs.post.get(ref);
    if (!postId)
      problems.push({ field: "posts", code: "post_not_found", message: "A post it announced is not in the import: the entry is kept without it.", value: ref });
    else if (!linked.has(postId)) {
      linked.add(postId);
      writes.changelogPosts.push({ entry_id: id, post_id: postId, workspace_id: state.workspaceId });
    }
  }
  record(landing, "changelog", entry.ref, id, true);
  report.count("changelog", "created");
  reportKept(landing, "changelog", row, problems);
  previewed(landing, "changelog", { ref: entry.ref, title, state: entry.state, posts: linked.size });
}
