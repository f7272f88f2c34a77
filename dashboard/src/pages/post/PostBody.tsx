import { type FormEvent, useState } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { Field, FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { Markdown } from "../../ui/Markdown.js";
import { MarkdownField } from "../../ui/MarkdownField.js";
import { type Post, usePostWrite } from "./queries.js";

// The post's title and description, read as the portal shows them, or edited in place with a
// markdown preview.

export function PostBody({ post }: { post: Post }) {
  const [editing, setEditing] = useState(false);
  const save = usePostWrite(post.id, async (body: { title: string; body: string }) =>
    unwrap(await api.PATCH("/posts/{id}", { params: { path: { id: post.id } }, body })),
  );
  const problem = save.error ? problemOf(save.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ title: String(form.get("title")), body: String(form.get("body")) }, { onSuccess: () => setEditing(false) });
  };
  if (!editing)
    return (
      <div className="post-body">
        <div className="post-heading">
          <h1>{post.title}</h1>
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> the title and description</span>
          </button>
        </div>
        <Markdown source={post.body} />
      </div>
    );
  return (
    <form onSubmit={onSubmit} className="post-body" aria-label="Edit the post">
      <Field label="Title" name="title" defaultValue={post.title} required maxLength={200} error={problem?.fields.title} />
      <MarkdownField label="Description" name="body" defaultValue={post.body} rows={10} maxLength={20_000} error={problem?.fields.body} />
      <FormError problem={problem} />
      <FormActions pending={save.isPending} label="Save" onCancel={() => setEditing(false)} />
    </form>
  );
}
