import { useState } from "react";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormCheckbox } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { useAssignable } from "../../data/members.js";
import { MentionField } from "./MentionField.js";
import { mentionedIn, type Teammate } from "./mentions.js";
import { usePostWrite } from "./queries.js";
import { commentSchema } from "./schemas.js";

// A new comment, a reply, or an internal note: what the team writes on a post. Teammates are
// mentioned as the text is typed ("@Ma"): each one chosen whose "@Name" is still in the text when
// it is sent is in the request's `mentions`, hears of the comment and follows the post.

interface Props {
  postId: string;
  parentId?: string;
  /** Replies follow their thread: public under a public comment, internal under a note. */
  internal?: boolean;
  onDone?: () => void;
}

export function CommentForm({ postId, parentId, internal, onDone }: Props) {
  const team = useAssignable();
  const [chosen, setChosen] = useState<Teammate[]>([]);
  const form = useApiForm(commentSchema, { defaultValues: { body: "", internal: internal ?? false } });
  const add = usePostWrite(postId, async (body: { body: string; internal: boolean; parentId?: string; mentions?: string[] }) =>
    unwrap(await api.POST("/posts/{id}/comments", { params: { path: { id: postId } }, body })),
  );
  const send = async (values: { body: string; internal: boolean }) => {
    const mentions = mentionedIn(values.body, chosen);
    await add.mutateAsync({ ...values, ...(mentions.length ? { mentions } : {}), ...(parentId ? { parentId } : {}) });
    form.reset();
    setChosen([]);
    onDone?.();
  };
  return (
    <ApiForm form={form} onSubmit={send} className="comment-form" aria-label={parentId ? "Reply" : "Comment"}>
      <MentionField
        label={parentId ? "Reply" : "Comment"}
        name="body"
        rows={parentId ? 3 : 4}
        required
        maxLength={10_000}
        team={team.data?.data ?? []}
        onChoose={(m) => setChosen((list) => (list.some((c) => c.id === m.id) ? list : [...list, m]))}
      />
      {internal === undefined && <FormCheckbox name="internal">Internal note: only the team sees it</FormCheckbox>}
      <FormAlert />
      <FormActions label={parentId ? "Reply" : "Comment"} pendingLabel="Posting…" onCancel={onDone} />
    </ApiForm>
  );
}
