import type { Schemas } from "@heed/client";
import { type FormEvent, useState } from "react";
import { api, noContent, problemOf, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { formatRelative } from "../../ui/format.js";
import { Markdown } from "../../ui/Markdown.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { CommentForm } from "./CommentForm.js";
import { usePostWrite } from "./queries.js";

// One comment of the thread. Internal notes carry a label and their own colour, so nobody answers
// a customer with what was meant for the team.

type Comment = Schemas["Comment"];

export function CommentItem({ comment, replies, names }: { comment: Comment; replies: Comment[]; names: Map<string, string> }) {
  const [mode, setMode] = useState<"read" | "edit" | "reply">("read");
  const edit = usePostWrite(comment.postId, async (body: { body: string }) =>
    unwrap(await api.PATCH("/comments/{id}", { params: { path: { id: comment.id } }, body })),
  );
  const hide = usePostWrite(comment.postId, async () => noContent(await api.DELETE("/comments/{id}", { params: { path: { id: comment.id } } })));
  const problem = edit.error ? problemOf(edit.error) : null;
  const author = comment.author ? (comment.author.name ?? names.get(comment.author.id) ?? "Anonymous") : "The team";
  const onEdit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    edit.mutate({ body: String(new FormData(event.currentTarget).get("body")) }, { onSuccess: () => setMode("read") });
  };
  return (
    <li className={comment.internal ? "comment internal" : "comment"}>
      <article aria-label={`${comment.internal ? "Internal note" : "Comment"} by ${author}`}>
        <p className="comment-meta">
          {comment.internal && <span className="badge note">Internal note</span>} <strong>{author}</strong>{" "}
          <span className="muted">
            {formatRelative(comment.createdAt)}
            {comment.updatedAt !== comment.createdAt && " · edited"}
          </span>
        </p>
        {mode === "edit" ? (
          <form onSubmit={onEdit} aria-label="Edit the comment">
            <MarkdownField label="Comment" name="body" defaultValue={comment.body} rows={4} required maxLength={10_000} error={problem?.fields.body} />
            <FormError problem={problem} />
            <FormActions pending={edit.isPending} label="Save" onCancel={() => setMode("read")} />
          </form>
        ) : (
          <Markdown source={comment.body} />
        )}
        {mode === "read" && (
          <div className="comment-actions">
            {comment.parentId === null && (
              <button type="button" className="link" onClick={() => setMode("reply")}>
                Reply
              </button>
            )}
            <button type="button" className="link" onClick={() => setMode("edit")}>
              Edit
            </button>
            <ConfirmButton
              label="Hide"
              className="link"
              title="Hide this comment?"
              confirm="Hide the comment"
              onConfirm={() => hide.mutate()}
              disabled={hide.isPending}
            >
              <p>It disappears from the post and the portal. Its replies stay.</p>
            </ConfirmButton>
          </div>
        )}
        {hide.error && (
          <p className="error" role="alert">
            {problemOf(hide.error).detail}
          </p>
        )}
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
