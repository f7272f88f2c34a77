import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormCheckbox, FormSelect } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { Options } from "../../ui/Options.js";
import { statusesQuery } from "../../data/statuses.js";
import { type Post, usePostWrite } from "./queries.js";
import { statusChangeSchema } from "./schemas.js";
import { TellFollowersField, toldLine } from "../../ui/TellFollowers.js";

// A status change, with an optional comment posted in the same request (one transaction, one
// `post.status_changed` event): "Planned — we start in March" reaches voters as one update.

type Change = { statusId: string; comment: { body: string; internal: boolean } | null; notify: boolean };

export function StatusForm({ post }: { post: Post }) {
  const id = useId();
  const statuses = useQuery(statusesQuery());
  const form = useApiForm(statusChangeSchema, { defaultValues: { statusId: post.status.id, comment: "", internal: false, notify: true } });
  // Bumped after a change: the form starts afresh (text cleared, back from the preview).
  const [round, setRound] = useState(0);
  const change = usePostWrite(post.id, async (body: Change) => unwrap(await api.POST("/posts/{id}/status", { params: { path: { id: post.id } }, body })));
  // A status changed elsewhere (the roadmap, a teammate) shows as the one selected.
  useEffect(() => form.resetField("statusId", { defaultValue: post.status.id }), [form, post.status.id]);
  const send = async (body: Change) => {
    await change.mutateAsync(body);
    form.reset({ statusId: body.statusId, comment: "", internal: false, notify: true });
    setRound((r) => r + 1);
  };
  return (
    <ApiForm key={round} form={form} onSubmit={send} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Status
      </h2>
      <FormSelect name="statusId" label="Status">
        <Options items={statuses.data?.data ?? [post.status]} />
      </FormSelect>
      <MarkdownField label="Comment (optional)" name="comment" rows={3} maxLength={10_000} placeholder="Tell the voters what changed" />
      <FormCheckbox name="internal">Internal note: only the team sees the comment</FormCheckbox>
      <TellFollowersField count={post.followerCount} nobody="Nobody who gets mail follows this post yet: nobody is told." />
      <FormAlert />
      <FormActions label="Change status" />
      {change.isSuccess && (
        <p role="status" className="hint">
          Status changed to {change.data.post.status.name}. {toldLine(change.data.notified)}
        </p>
      )}
    </ApiForm>
  );
}
