import { type FormEvent, useId, useState } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { type Post, usePostWrite, useStatuses } from "./queries.js";

// A status change, with an optional comment posted in the same request (one transaction, one
// `post.status_changed` event): "Planned — we start in March" reaches voters as one update.

export function StatusForm({ post }: { post: Post }) {
  const id = useId();
  const statuses = useStatuses();
  // Bumped after a change: the form starts afresh (text cleared, back from the preview).
  const [round, setRound] = useState(0);
  const change = usePostWrite(post.id, async (body: { statusId: string; comment: { body: string; internal: boolean } | null }) =>
    unwrap(await api.POST("/posts/{id}/status", { params: { path: { id: post.id } }, body })),
  );
  const problem = change.error ? problemOf(change.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = String(form.get("comment") ?? "").trim();
    change.mutate(
      { statusId: String(form.get("statusId")), comment: text ? { body: text, internal: form.get("internal") === "on" } : null },
      { onSuccess: () => setRound((r) => r + 1) },
    );
  };
  return (
    <form key={round} onSubmit={onSubmit} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Status
      </h2>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} name="statusId" defaultValue={post.status.id} key={post.status.id}>
          {(statuses.data?.data ?? [post.status]).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <MarkdownField
        label="Comment (optional)"
        name="comment"
        rows={3}
        maxLength={10_000}
        placeholder="Tell the voters what changed"
        error={problem?.fields["comment/body"]}
      />
      <label className="choice">
        <input type="checkbox" name="internal" /> Internal note: only the team sees the comment
      </label>
      <FormError problem={problem} />
      <FormActions pending={change.isPending} label="Change status" />
      {change.isSuccess && (
        <p role="status" className="hint">
          Status changed to {change.data.post.status.name}.
        </p>
      )}
    </form>
  );
}
