import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormCheckbox } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { useAssignable } from "../../data/members.js";
import { usePostWrite } from "./queries.js";
import { commentSchema } from "./schemas.js";

// A new comment, a reply, or an internal note: what the team writes on a post.

interface Props {
  postId: string;
  parentId?: string;
  /** Replies follow their thread: public under a public comment, internal under a note. */
  internal?: boolean;
  onDone?: () => void;
}

/** Teammates to tell: each mentioned member hears of the comment (and follows the post). */
function Mentions() {
  const team = useAssignable();
  const members = team.data?.data ?? [];
  if (members.length === 0) return null;
  return (
    <details className="mentions">
      <summary>Mention teammates</summary>
      <div className="access-grid">
        {members.map((m) => (
          <FormCheckbox key={m.id} name="mentions" value={m.id}>
            {m.name}
          </FormCheckbox>
        ))}
      </div>
    </details>
  );
}

export function CommentForm({ postId, parentId, internal, onDone }: Props) {
  const form = useApiForm(commentSchema, { defaultValues: { body: "", internal: internal ?? false, mentions: [] } });
  const add = usePostWrite(postId, async (body: { body: string; internal: boolean; parentId?: string; mentions?: string[] }) =>
    unwrap(await api.POST("/posts/{id}/comments", { params: { path: { id: postId } }, body })),
  );
  const send = async ({ mentions, ...values }: { body: string; internal: boolean; mentions: string[] }) => {
    await add.mutateAsync({ ...values, ...(mentions.length ? { mentions } : {}), ...(parentId ? { parentId } : {}) });
    form.reset();
    onDone?.();
  };
  return (
    <ApiForm form={form} onSubmit={send} className="comment-form" aria-label={parentId ? "Reply" : "Comment"}>
      <MarkdownField label={parentId ? "Reply" : "Comment"} name="body" rows={parentId ? 3 : 4} required maxLength={10_000} />
      {internal === undefined && <FormCheckbox name="internal">Internal note: only the team sees it</FormCheckbox>}
      <Mentions />
      <FormAlert />
      <FormActions label={parentId ? "Reply" : "Comment"} pendingLabel="Posting…" onCancel={onDone} />
    </ApiForm>
  );
}
