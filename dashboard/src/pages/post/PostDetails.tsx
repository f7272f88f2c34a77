import { type FormEvent, useId, useState } from "react";
import { api, problemOf, unwrap } from "../../api.js";
import { canManageWorkspace, useCurrentWorkspace } from "../../role.js";
import { FormError } from "../../ui/Field.js";
import { FormActions } from "../../ui/FormActions.js";
import { detailsChange } from "./details.js";
import { type Post, useBoards, useMembers, usePostWrite, useTags } from "./queries.js";

// Where the post lives and who carries it: board, owner, expected date, tags, pinned, comments
// locked. One PATCH saves what the person changed, so the activity reads as one change. The
// fields are drawn only once the boards, tags and team have loaded: a select drawn before its
// options shows its first one ("General", "Nobody"), and saving would have moved the post.

type Named = { id: string; name: string };
type Change = ReturnType<typeof detailsChange>;

export function PostDetails({ post }: { post: Post }) {
  const id = useId();
  const boards = useBoards();
  const tags = useTags();
  const members = useMembers();
  const manages = canManageWorkspace(useCurrentWorkspace()?.role);
  const [unchanged, setUnchanged] = useState(false);
  const save = usePostWrite(post.id, async (body: Change) => unwrap(await api.PATCH("/posts/{id}", { params: { path: { id: post.id } }, body })));
  const lists = manages ? [boards, tags, members] : [boards, tags];
  const failed = lists.filter((l) => l.isError);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Details
      </h2>
      {failed.length > 0 ? (
        <div role="alert">
          <p className="error">The details could not be loaded. {problemOf(failed[0]!.error).detail}</p>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              for (const l of failed) l.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : lists.some((l) => l.isPending) ? (
        <p className="loading" role="status" aria-busy="true">
          Loading the details…
        </p>
      ) : (
        <DetailsForm
          // Keyed by the post's update time: a change made elsewhere resets the form to what is stored.
          key={post.updatedAt}
          post={post}
          label={`${id}-title`}
          boards={boards.data?.data ?? []}
          tags={tags.data?.data ?? []}
          members={manages ? (members.data?.data ?? []) : null}
          pending={save.isPending}
          problem={save.error ? problemOf(save.error) : null}
          unchanged={unchanged}
          onSave={(change) => {
            const nothing = Object.keys(change).length === 0;
            setUnchanged(nothing);
            if (!nothing) save.mutate(change);
          }}
        />
      )}
    </section>
  );
}

interface FormProps {
  post: Post;
  label: string;
  boards: Named[];
  tags: Named[];
  /** The team, or null for a member's role, which cannot list it: their form leaves the owner as it is. */
  members: Named[] | null;
  pending: boolean;
  problem: ReturnType<typeof problemOf> | null;
  unchanged: boolean;
  onSave: (change: Change) => void;
}

function DetailsForm({ post, label, boards, tags, members, pending, problem, unchanged, onSave }: FormProps) {
  const id = useId();
  const postTags = new Set(post.tags.map((t) => t.id));
  const shownTags = new Set(tags.map((t) => t.id));
  // A board or owner beyond the first page of its list is still the one shown, never a neighbour.
  const boardChoices = boards.some((b) => b.id === post.boardId) ? boards : [...boards, { id: post.boardId, name: "This post's board" }];
  const ownerChoices =
    members && post.ownerId && !members.some((m) => m.id === post.ownerId) ? [...members, { id: post.ownerId, name: "The current owner" }] : members;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSave(
      detailsChange(post, {
        boardId: String(form.get("boardId")),
        ...(members ? { ownerId: String(form.get("ownerId") ?? "") || null } : {}),
        eta: String(form.get("eta") ?? "") || null,
        // Tags the form does not list (past the first page) stay as they are.
        tagIds: [...post.tags.map((t) => t.id).filter((t) => !shownTags.has(t)), ...form.getAll("tagIds").map(String)],
        pinned: form.get("pinned") === "on",
        commentsLocked: form.get("commentsLocked") === "on",
      }),
    );
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby={label}>
      <div className="field">
        <label htmlFor={`${id}-board`}>Board</label>
        <select id={`${id}-board`} name="boardId" defaultValue={post.boardId} aria-invalid={problem?.fields.boardId ? true : undefined}>
          {boardChoices.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      {ownerChoices && (
        <div className="field">
          <label htmlFor={`${id}-owner`}>Owner</label>
          <select id={`${id}-owner`} name="ownerId" defaultValue={post.ownerId ?? ""} aria-invalid={problem?.fields.ownerId ? true : undefined}>
            <option value="">Nobody</option>
            {ownerChoices.map((m) => (
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
        {tags.length === 0 && <p className="hint">No tags yet: add them in Settings, Boards.</p>}
        {tags.map((t) => (
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
      <FormActions pending={pending} label="Save details" />
      <p role="status" className="hint">
        {unchanged && "Nothing to save: no detail was changed."}
      </p>
    </form>
  );
}
