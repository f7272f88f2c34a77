import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { Panel } from "../../ui/Panel.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { PostPicker } from "../../ui/PostPicker.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { mergedPostsQuery, type Post, refreshPost, usePost, usePostWrite } from "./queries.js";

// Duplicates: merge this post into another (found as you type; its votes and comments move
// there), or undo a merge, which gives back what moved; and the duplicates merged into this one.

export function MergePanel({ post }: { post: Post }) {
  const queries = useQueryClient();
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
  return (
    <Panel title="Merge">
      {post.mergedInto ? (
        <>
          <MergedNotice into={post.mergedInto} />
          <ConfirmButton label="Unmerge" className="secondary" title="Undo the merge?" confirm="Unmerge" onConfirm={() => unmerge.mutate(post.mergedInto!)}>
            <p>The votes and comments that moved come back to this post, and it shows in lists again.</p>
          </ConfirmButton>
        </>
      ) : (
        <>
          <MergedHere postId={post.id} />
          <PostPicker
            label="Merge into another post"
            hint="For a duplicate: its votes and comments move to the post you choose."
            listLabel="Posts to merge into"
            exclude={(id) => id === post.id}
            action={(p, done) => (
              <ConfirmButton
                label="Merge"
                ariaLabel={`Merge into ${p.title}`}
                className="secondary"
                title={`Merge into “${p.title}”?`}
                confirm="Merge"
                onConfirm={() => merge.mutate(p.id, { onSuccess: done })}
              >
                <p>This post's votes and comments move there, and this post leaves the lists. You can undo it.</p>
              </ConfirmButton>
            )}
          />
        </>
      )}
      <ErrorAlert error={merge.error ?? unmerge.error} />
    </Panel>
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

/** The duplicates merged into this post, each a link to its own page (0 votes, "votes moved to" here). */
function MergedHere({ postId }: { postId: string }) {
  const id = useId();
  const { query, items } = useCursorList(mergedPostsQuery(postId));
  if (items.length === 0) return null;
  return (
    <div className="merged-here">
      <h3 id={id}>Merged into this post</h3>
      <ul className="merged-list" aria-labelledby={id}>
        {items.map((p) => (
          <li key={p.id}>
            <Link to={`/posts/${p.id}`}>{p.title}</Link>
          </li>
        ))}
      </ul>
      <MoreButton list={query} label="More merged posts" />
    </div>
  );
}
