import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, unwrap } from "../../api.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { type Post, refreshPost, usePostWrite } from "./queries.js";

// "Possible duplicate of …": found by the server a moment after the post was written. One click
// merges it there (undone from the Merge panel), or says it is not one, which is remembered.

export function DuplicateNotice({ post }: { post: Post }) {
  const queries = useQueryClient();
  const suggested = post.possibleDuplicateOf;
  const merge = usePostWrite(post.id, async (into: string) => {
    const answer = unwrap(await api.POST("/posts/{id}/merge", { params: { path: { id: post.id } }, body: { into } }));
    await refreshPost(queries, into);
    return answer;
  });
  const dismiss = usePostWrite(post.id, async (duplicateOfId: string) =>
    unwrap(await api.POST("/posts/{id}/dismiss-duplicate", { params: { path: { id: post.id } }, body: { duplicateOfId } })),
  );
  if (!suggested || post.mergedInto) return null;
  const busy = merge.isPending || dismiss.isPending;
  return (
    <section className="duplicate-notice" aria-label="Possible duplicate">
      <p>
        Possible duplicate of <Link to={`/posts/${suggested.id}`}>{suggested.title}</Link>{" "}
        <span className="muted">({Math.round(suggested.similarity * 100)}% of the words alike)</span>
      </p>
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => merge.mutate(suggested.id)}>
          Merge into it
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => dismiss.mutate(suggested.id)}>
          Not a duplicate
        </button>
      </div>
      <p className="hint muted">Merging moves this post's votes and comments there; the Merge panel undoes it.</p>
      <ErrorAlert error={merge.error ?? dismiss.error} />
    </section>
  );
}
