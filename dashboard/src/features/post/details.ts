import type { Schemas } from "@heed/client";

// What the Details panel asks the API to change: only what differs from the post as it was loaded.
// A PATCH replaces every field it names, so a field sent unchanged is not harmless: a value drawn
// before its list arrived (the first board, "Nobody") would overwrite what is stored.

type Post = Schemas["Post"];
type Change = Pick<Schemas["UpdatePost"], "boardId" | "ownerId" | "eta" | "tagIds" | "pinned" | "commentsLocked">;

/** The panel's fields as the person left them; `ownerId` is absent when the form has no owner field. */
export interface DetailsInput {
  boardId: string;
  ownerId?: string | null;
  eta: string | null;
  tagIds: string[];
  pinned: boolean;
  commentsLocked: boolean;
}

export function detailsChange(post: Post, input: DetailsInput): Change {
  const change: Change = {};
  if (input.boardId !== post.boardId) change.boardId = input.boardId;
  if (input.ownerId !== undefined && input.ownerId !== post.ownerId) change.ownerId = input.ownerId;
  if (input.eta !== post.eta) change.eta = input.eta;
  if (
    !sameSet(
      input.tagIds,
      post.tags.map((t) => t.id),
    )
  )
    change.tagIds = input.tagIds;
  if (input.pinned !== post.pinned) change.pinned = input.pinned;
  if (input.commentsLocked !== post.commentsLocked) change.commentsLocked = input.commentsLocked;
  return change;
}

function sameSet(a: string[], b: string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((x) => set.has(x));
}
