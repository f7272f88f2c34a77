import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormCheckbox, FormField, FormSelect } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { Options } from "../../ui/Options.js";
import { Panel } from "../../ui/Panel.js";
import { Loading, LoadError } from "../../ui/QueryState.js";
import { boardsQuery } from "../../data/boards.js";
import { tagsQuery } from "../../data/tags.js";
import { useAssignable } from "../../data/members.js";
import { detailsChange } from "./details.js";
import { type Post, usePostWrite } from "./queries.js";
import { detailsSchema } from "./schemas.js";

// Where the post lives and who carries it: board, owner, expected date, tags, pinned, comments
// locked. One PATCH saves what the person changed, so the activity reads as one change. The
// fields are drawn only once the boards, tags and team have loaded: a select drawn before its
// options shows its first one ("General", "Nobody"), and saving would have moved the post.

type Named = { id: string; name: string };
type Change = ReturnType<typeof detailsChange>;

export function PostDetails({ post }: { post: Post }) {
  const boards = useQuery(boardsQuery());
  const tags = useQuery(tagsQuery());
  const members = useAssignable();
  const [unchanged, setUnchanged] = useState(false);
  const save = usePostWrite(post.id, async (body: Change) =>
    unwrap(await api.PATCH("/posts/{id}", { params: { path: { id: post.id } }, body: { ...body, notify: false } })),
  );
  const lists = [boards, tags, members];
  const failed = lists.filter((l) => l.isError);
  return (
    <Panel title="Details">
      {failed.length > 0 ? (
        <LoadError what="the details" read={{ error: failed[0]!.error, refetch: () => failed.map((l) => l.refetch()) }} />
      ) : lists.some((l) => l.isPending) ? (
        <Loading what="the details" />
      ) : (
        <DetailsForm
          // Keyed by the post's update time: a change made elsewhere resets the form to what is stored.
          key={post.updatedAt}
          post={post}
          boards={boards.data?.data ?? []}
          tags={tags.data?.data ?? []}
          members={members.data?.data ?? []}
          unchanged={unchanged}
          onSave={async (change) => {
            const nothing = Object.keys(change).length === 0;
            setUnchanged(nothing);
            if (!nothing) await save.mutateAsync(change);
          }}
        />
      )}
    </Panel>
  );
}

interface FormProps {
  post: Post;
  boards: Named[];
  tags: Named[];
  /** The team, or null for a member's role, which cannot list it: their form leaves the owner as it is. */
  members: Named[] | null;
  unchanged: boolean;
  onSave: (change: Change) => Promise<void>;
}

function DetailsForm({ post, boards, tags, members, unchanged, onSave }: FormProps) {
  const shownTags = new Set(tags.map((t) => t.id));
  const form = useApiForm(detailsSchema, {
    defaultValues: {
      boardId: post.boardId,
      ...(members ? { ownerId: post.ownerId ?? "" } : {}),
      eta: post.eta ?? "",
      tagIds: post.tags.map((t) => t.id).filter((t) => shownTags.has(t)),
      pinned: post.pinned,
      commentsLocked: post.commentsLocked,
    },
  });
  // A board or owner beyond the first page of its list is still the one shown, never a neighbour.
  const boardChoices = boards.some((b) => b.id === post.boardId) ? boards : [...boards, { id: post.boardId, name: "This post's board" }];
  const ownerChoices =
    members && post.ownerId && !members.some((m) => m.id === post.ownerId) ? [...members, { id: post.ownerId, name: "The current owner" }] : members;
  const send = (input: z.output<typeof detailsSchema>) =>
    onSave(
      detailsChange(post, {
        ...input,
        // Tags the form does not list (past the first page) stay as they are.
        tagIds: [...post.tags.map((t) => t.id).filter((t) => !shownTags.has(t)), ...input.tagIds],
      }),
    );
  return (
    <ApiForm form={form} onSubmit={send} aria-label="Details">
      <FormSelect name="boardId" label="Board">
        <Options items={boardChoices} />
      </FormSelect>
      {ownerChoices && (
        <FormSelect name="ownerId" label="Owner">
          <option value="">Nobody</option>
          <Options items={ownerChoices} />
        </FormSelect>
      )}
      <FormField name="eta" label="Expected by" type="date" />
      <fieldset className="tag-picker">
        <legend>Tags</legend>
        {tags.length === 0 ? (
          <p className="hint">No tags yet: add them in Settings, Boards.</p>
        ) : (
          // A list in as many columns as fit, each tag a row as wide as its column and tall enough to tap.
          <ul className="tag-list">
            {tags.map((t) => (
              <li key={t.id}>
                <FormCheckbox name="tagIds" value={t.id}>
                  {t.name}
                </FormCheckbox>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <FormCheckbox name="pinned">Pinned to the top of its board</FormCheckbox>
      <FormCheckbox name="commentsLocked">Comments locked</FormCheckbox>
      <FormAlert />
      <FormActions label="Save details" />
      <p role="status" className="hint">
        {unchanged && "Nothing to save: no detail was changed."}
      </p>
    </ApiForm>
  );
}
