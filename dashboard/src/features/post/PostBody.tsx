import { useState } from "react";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { Markdown } from "../../ui/Markdown.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { type Post, usePostWrite } from "./queries.js";
import { postBodySchema } from "./schemas.js";

// The post's title and description, read as the portal shows them, or edited in place with a
// markdown preview.

export function PostBody({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  if (!editing)
    return (
      <div className="post-body">
        <div className="post-heading">
          <h1>{post.title}</h1>
          {/* A held post is decided as it was written: approve it first, then edit. */}
          {!post.heldForApproval && (
            <button type="button" className="secondary" onClick={() => setEditing(true)}>
              Edit<span className="visually-hidden"> the title and description</span>
            </button>
          )}
        </div>
        <Markdown source={post.body} />
      </div>
    );
  return <PostBodyForm post={post} onDone={() => setEditing(false)} />;
}

function PostBodyForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const form = useApiForm(postBodySchema, { defaultValues: { title: post.title, body: post.body } });
  const save = usePostWrite(post.id, async (body: { title: string; body: string }) =>
    // No status in it: nobody to tell either way.
    unwrap(await api.PATCH("/posts/{id}", { params: { path: { id: post.id } }, body: { ...body, notify: false } })),
  );
  const send = async (body: { title: string; body: string }) => {
    await save.mutateAsync(body);
    onDone();
  };
  return (
    <ApiForm form={form} onSubmit={send} className="post-body" aria-label="Edit the post">
      <FormField name="title" label="Title" required maxLength={200} />
      <MarkdownField label="Description" name="body" rows={10} maxLength={20_000} />
      <FormAlert />
      <FormActions label="Save" onCancel={onDone} />
    </ApiForm>
  );
}
