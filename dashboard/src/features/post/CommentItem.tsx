import type { Schemas } from "@heed/client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, noContent, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { formatRelative } from "../../ui/format.js";
import { Markdown } from "../../ui/Markdown.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { useOfferUndo } from "../../ui/Undo.js";
import { SignalBadges } from "../../ui/HeldBadges.js";
import { type Decision, useModerate } from "../../data/moderation.js";
import { CommentForm } from "./CommentForm.js";
import { refreshPost, usePostWrite } from "./queries.js";
import { SendToIssues } from "./SendToIssues.js";
import { editCommentSchema } from "./schemas.js";

// One comment of the thread. Internal notes carry a label and their own colour, so nobody answers
// a customer with what was meant for the team.

type Comment = Schemas["Comment"];

/**
 * After a comment is hidden or rejected: the frame's Undo, which restores it (POST
 * /v1/comments/{id}/restore; a rejected one waits for approval again).
 */
function useOfferUndoComment(comment: Comment) {
  const queries = useQueryClient();
  const offer = useOfferUndo();
  return (done: string, undone: string) =>
    offer({
      done,
      undo: async () => {
        unwrap(await api.POST("/comments/{id}/restore", { params: { path: { id: comment.id } } }));
        await refreshPost(queries, comment.postId);
      },
      undone,
    });
}

export function CommentItem({ comment, replies, names }: { comment: Comment; replies: Comment[]; names: Map<string, string> }) {
  const [mode, setMode] = useState<"read" | "edit" | "reply">("read");
  const hide = usePostWrite(comment.postId, async () => noContent(await api.DELETE("/comments/{id}", { params: { path: { id: comment.id } } })));
  const offerUndo = useOfferUndoComment(comment);
  const author = comment.author ? (comment.author.name ?? names.get(comment.author.id) ?? "Anonymous") : "The team";
  // mutateAsync: the refreshed thread no longer holds this comment, which may be gone before mutate's callbacks.
  const hideIt = () =>
    hide.mutateAsync(undefined).then(
      () => offerUndo(`Hid the comment by ${author}.`, `The comment by ${author} is back.`),
      () => {},
    );
  return (
    <li className={comment.internal ? "comment internal" : "comment"}>
      <article aria-label={`${comment.internal ? "Internal note" : "Comment"} by ${author}`}>
        <p className="comment-meta">
          {comment.internal && <span className="badge note">Internal note</span>}
          {comment.heldForApproval && <span className="badge held">Held for approval</span>} <SignalBadges signals={comment.spamSignals} />{" "}
          <strong>{author}</strong>{" "}
          <span className="muted">
            {formatRelative(comment.createdAt)}
            {comment.updatedAt !== comment.createdAt && " · edited"}
          </span>
        </p>
        {mode === "edit" ? <EditForm comment={comment} onDone={() => setMode("read")} /> : <Markdown source={comment.body} />}
        {comment.heldForApproval && <HeldCommentActions comment={comment} author={author} />}
        {mode === "read" && !comment.heldForApproval && (
          <div className="comment-actions">
            {comment.parentId === null && (
              <button type="button" className="link" onClick={() => setMode("reply")}>
                Reply
              </button>
            )}
            <button type="button" className="link" onClick={() => setMode("edit")}>
              Edit
            </button>
            <ConfirmButton label="Hide" className="link" title="Hide this comment?" confirm="Hide the comment" disabled={hide.isPending} onConfirm={hideIt}>
              <p>It disappears from the post and the portal. Its replies stay. You can undo it right after.</p>
            </ConfirmButton>
            <SendToIssues postId={comment.postId} commentId={comment.id} />
          </div>
        )}
        <ErrorAlert error={hide.error} />
      </article>
      {(replies.length > 0 || mode === "reply") && (
        <ul className="replies">
          {replies.map((r) => (
            <CommentItem key={r.id} comment={r} replies={[]} names={names} />
          ))}
          {mode === "reply" && (
            <li>
              <CommentForm postId={comment.postId} parentId={comment.id} internal={comment.internal} onDone={() => setMode("read")} />
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * A comment waiting for approval is approved (counted and announced as new) or rejected (deleted,
 * asked first, with an Undo after that puts it back in the queue).
 */
function HeldCommentActions({ comment, author }: { comment: Comment; author: string }) {
  const moderate = useModerate("comments");
  const offerUndo = useOfferUndoComment(comment);
  const decide = (decision: Decision) =>
    moderate.mutateAsync({ ids: [comment.id], decision }).then(
      () => {
        if (decision === "reject") offerUndo(`Rejected the comment by ${author}.`, `The comment by ${author} waits for approval again.`);
      },
      () => {},
    );
  return (
    <div className="comment-actions">
      <button type="button" className="link" disabled={moderate.isPending} onClick={() => decide("approve")}>
        Approve<span className="visually-hidden"> the comment by {author}</span>
      </button>
      <ConfirmButton
        label="Reject"
        ariaLabel={`Reject the comment by ${author}`}
        className="link"
        title="Reject this comment?"
        confirm="Reject the comment"
        disabled={moderate.isPending}
        onConfirm={() => decide("reject")}
      >
        <p>It is deleted without a word to anyone. You can undo it right after.</p>
      </ConfirmButton>
      <ErrorAlert error={moderate.error} />
    </div>
  );
}

/** The comment's text, edited in place. */
function EditForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const form = useApiForm(editCommentSchema, { defaultValues: { body: comment.body } });
  const edit = usePostWrite(comment.postId, async (body: { body: string }) =>
    unwrap(await api.PATCH("/comments/{id}", { params: { path: { id: comment.id } }, body })),
  );
  const send = async (body: { body: string }) => {
    await edit.mutateAsync(body);
    onDone();
  };
  return (
    <ApiForm form={form} onSubmit={send} aria-label="Edit the comment">
      <MarkdownField label="Comment" name="body" rows={4} required maxLength={10_000} />
      <FormAlert />
      <FormActions label="Save" onCancel={onDone} />
    </ApiForm>
  );
}
