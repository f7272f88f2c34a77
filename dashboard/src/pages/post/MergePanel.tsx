import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { useDebounced } from "../../ui/useDebounced.js";
import { type Post, refreshPost, usePost, usePostWrite } from "./queries.js";

// Duplicates: merge this post into another (found as you type; its votes and comments move
// there), or undo a merge, which gives back what moved.

export function MergePanel({ post }: { post: Post }) {
  const id = useId();
  const queries = useQueryClient();
  const [text, setText] = useState("");
  const q = useDebounced(text.trim());
  const candidates = useQuery({
    queryKey: ["posts", "merge-search", q],
    queryFn: async () => unwrap(await api.GET("/posts", { params: { query: { q, sort: "votes", limit: 8 } } })),
    enabled: q.length > 0 && !post.mergedInto,
  });
  const merge = usePostWrite(post.id, async (into: string) => {
    const answer = unwrap(await api.POST("/posts/{id}/merge", { params: { path: { id: post.id } }, body: { into } }));
    await refreshPost(queries, into);
    return answer;
  });
  const unmerge = usePostWrite(post.id, async (from: string) => {
    const answer = unwrap(await api.POST("/posts/{id}/unmerge", { params: { path: { id: post.id } } }));
    await refreshPost(queries, from);
    return answer;
  });
  const error = merge.error ?? unmerge.error;
  const found = (candidates.data?.data ?? []).filter((p) => p.id !== post.id);
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        Merge
      </h2>
      {post.mergedInto ? (
        <>
          <MergedNotice into={post.mergedInto} />
          <ConfirmButton label="Unmerge" className="secondary" title="Undo the merge?" confirm="Unmerge" onConfirm={() => unmerge.mutate(post.mergedInto!)}>
            <p>The votes and comments that moved come back to this post, and it shows in lists again.</p>
          </ConfirmButton>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-q`}>Merge into another post</label>
            <p className="hint" id={`${id}-hint`}>
              For a duplicate: its votes and comments move to the post you choose.
            </p>
            <input
              id={`${id}-q`}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search posts"
              autoComplete="off"
              aria-describedby={`${id}-hint`}
            />
          </div>
          <div aria-live="polite">{q && candidates.isSuccess && found.length === 0 && <p className="muted">No other post matches “{q}”.</p>}</div>
          {q && found.length > 0 && (
            <ul className="search-results" aria-label="Posts to merge into">
              {found.map((p) => (
                <li key={p.id}>
                  <span>
                    <strong>{p.title}</strong> <span className="muted">· {p.voteCount} votes</span>
                  </span>
                  <ConfirmButton
                    label="Merge"
                    ariaLabel={`Merge into ${p.title}`}
                    className="secondary"
                    title={`Merge into “${p.title}”?`}
                    confirm="Merge"
                    onConfirm={() => merge.mutate(p.id, { onSuccess: () => setText("") })}
                  >
                    <p>This post's votes and comments move there, and this post leaves the lists. You can undo it.</p>
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {problemOf(error).detail}
        </p>
      )}
    </section>
  );
}

/** "Merged into <title>", with the canonical post's title and pooled votes. */
export function MergedNotice({ into }: { into: string }) {
  const canonical = usePost(into);
  return (
    <p role="status">
      Merged into <Link to={`/posts/${into}`}>{canonical.data?.title ?? "the canonical post"}</Link>
      {canonical.data && ` (${canonical.data.voteCount} ${canonical.data.voteCount === 1 ? "vote" : "votes"})`}: its votes and comments count there.
    </p>
  );
}
