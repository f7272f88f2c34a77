import type { FormEvent } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { usePostWrite } from "./queries.js";

// A new comment, a reply, or an internal note: what the team writes on a post.

interface Props {
  postId: string;
  parentId?: string;
  /** Replies follow their thread: public under a public comment, internal under a note. */
  internal?: boolean;
  onDone?: () => void;
}

export function CommentForm({ postId, parentId, internal, onDone }: Props) {
  const add = usePostWrite(postId, async (body: { body: string; internal: boolean; parentId?: string }) =>
    unwrap(await api.POST("/posts/{id}/comments", { params: { path: { id: postId } }, body })),
  );
  const problem = add.error ? problemOf(add.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const asNote = internal ?? form.get("internal") === "on";
    add.mutate(
      { body: String(form.get("body")), internal: asNote, ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          formElement.reset();
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="comment-form" aria-label={parentId ? "Reply" : "Comment"}>
      <MarkdownField label={parentId ? "Reply" : "Comment"} name="body" rows={parentId ? 3 : 4} required maxLength={10_000} error={problem?.fields.body} />
      {internal === undefined && (
        <label className="choice">
          <input type="checkbox" name="internal" /> Internal note: only the team sees it
        </label>
      )}
      <FormError problem={problem} />
      <FormActions pending={add.isPending} label={parentId ? "Reply" : "Comment"} pendingLabel="Posting…" onCancel={onDone} />
    </form>
  );
}
