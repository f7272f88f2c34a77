import { type FormEvent, useId } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { canManageWorkspace, useCurrentWorkspace } from "../../role.js";
import { FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { type Post, useBoards, useMembers, usePostWrite, useTags } from "./queries.js";

// Where the post lives and who carries it: board, owner, expected date, tags, pinned, comments
// locked. One PATCH saves them together, so the activity reads as one change.

type Details = { boardId: string; ownerId?: string | null; eta: string | null; tagIds: string[]; pinned: boolean; commentsLocked: boolean };

export function PostDetails({ post }: { post: Post }) {
  const id = useId();
  const boards = useBoards();
  const tags = useTags();
  const members = useMembers();
  const manages = canManageWorkspace(useCurrentWorkspace()?.role);
  const save = usePostWrite(post.id, async (body: Details) => unwrap(await api.PATCH("/posts/{id}", { params: { path: { id: post.id } }, body })));
  const problem = save.error ? problemOf(save.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const owner = String(form.get("ownerId") ?? "");
    save.mutate({
      boardId: String(form.get("boardId")),
      // A member's role cannot list the team, so their form leaves the owner as it is.
      ...(manages ? { ownerId: owner || null } : {}),
      eta: String(form.get("eta")) || null,
      tagIds: form.getAll("tagIds").map(String),
      pinned: form.get("pinned") === "on",
      commentsLocked: form.get("commentsLocked") === "on",
    });
  };
  const postTags = new Set(post.tags.map((t) => t.id));
  return (
    // Keyed by the post's update time: a change made elsewhere resets the form to what is stored.
    <form key={post.updatedAt} onSubmit={onSubmit} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Details
      </h2>
      <div className="field">
        <label htmlFor={`${id}-board`}>Board</label>
        <select id={`${id}-board`} name="boardId" defaultValue={post.boardId}>
          {(boards.data?.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      {manages && (
        <div className="field">
          <label htmlFor={`${id}-owner`}>Owner</label>
          <select id={`${id}-owner`} name="ownerId" defaultValue={post.ownerId ?? ""} aria-invalid={problem?.fields.ownerId ? true : undefined}>
            <option value="">Nobody</option>
            {(members.data?.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-eta`}>Expected by</label>
        <input id={`${id}-eta`} type="date" name="eta" defaultValue={post.eta ?? ""} aria-invalid={problem?.fields.eta ? true : undefined} />
        {problem?.fields.eta && <p className="error">{problem.fields.eta}</p>}
      </div>
      <fieldset>
        <legend>Tags</legend>
        {(tags.data?.data ?? []).length === 0 && <p className="hint">No tags yet: add them in Settings, Boards.</p>}
        {(tags.data?.data ?? []).map((t) => (
          <label key={t.id} className="choice">
            <input type="checkbox" name="tagIds" value={t.id} defaultChecked={postTags.has(t.id)} /> {t.name}
          </label>
        ))}
      </fieldset>
      <label className="choice">
        <input type="checkbox" name="pinned" defaultChecked={post.pinned} /> Pinned to the top of its board
      </label>
      <label className="choice">
        <input type="checkbox" name="commentsLocked" defaultChecked={post.commentsLocked} /> Comments locked
      </label>
      <FormError problem={problem} />
      <FormActions pending={save.isPending} label="Save details" />
    </form>
  );
}
