import { Link, useParams } from "react-router";
import { formatRelative } from "../../ui/format.js";
import { Loading, NotShown } from "../../ui/QueryState.js";
import { ActivityLog } from "./Activity.js";
import { DeletePost } from "./DeletePost.js";
import { DuplicateNotice } from "./DuplicateNotice.js";
import { HeldNotice } from "./HeldNotice.js";
import { LinkedIssues } from "./LinkedIssues.js";
import { MergedNotice, MergePanel } from "./MergePanel.js";
import { Notified } from "./Notified.js";
import { PostBody } from "./PostBody.js";
import { PostDetails } from "./PostDetails.js";
import { usePost } from "./queries.js";
import { useMarkSeen } from "./useMarkSeen.js";
import { StatusForm } from "./StatusForm.js";
import { Thread } from "./Thread.js";
import { Voters } from "./Voters.js";

// One post (/app/posts/{id}): what was asked and the conversation on the left; where it stands,
// who wants it and its history on the right (stacked on a phone).

export function PostPage() {
  const { id = "" } = useParams();
  const post = usePost(id);
  useMarkSeen(post.data);
  if (post.isPending) return <Loading what="the post" />;
  if (post.isError) return <NotShown what="post" error={post.error} back={{ to: "/posts", label: "Back to the inbox" }} />;
  const p = post.data;
  return (
    <div className="post-page">
      <p className="breadcrumb">
        <Link to="/posts">Inbox</Link> / <span className={`badge status-${p.status.category}`}>{p.status.name}</span>{" "}
        <span className="muted">
          {p.author ? (p.author.name ?? "Anonymous") : "The team"} · {formatRelative(p.createdAt)} ·{" "}
          <a href={p.url} target="_blank" rel="noopener">
            View in the portal<span className="visually-hidden"> (opens a new tab)</span>
          </a>
        </span>
      </p>
      {p.mergedInto && (
        <div className="merged-notice">
          <MergedNotice into={p.mergedInto} />
        </div>
      )}
      <DuplicateNotice post={p} />
      <HeldNotice post={p} />
      {p.heldForApproval ? (
        // Waiting for approval, it is only read and decided: nothing else may change or announce it yet.
        <div className="post-columns">
          <div className="post-primary">
            <PostBody post={p} />
          </div>
          <aside className="post-side" aria-label="History">
            <ActivityLog postId={p.id} />
          </aside>
        </div>
      ) : (
        <div className="post-columns">
          <div className="post-primary">
            <PostBody post={p} />
            <Thread postId={p.id} locked={p.commentsLocked} />
          </div>
          <aside className="post-side" aria-label="Triage">
            <StatusForm post={p} />
            <Voters post={p} />
            <PostDetails post={p} />
            <MergePanel post={p} />
            <LinkedIssues postId={p.id} />
            <Notified post={p} />
            <ActivityLog postId={p.id} />
            <DeletePost post={p} />
          </aside>
        </div>
      )}
    </div>
  );
}
