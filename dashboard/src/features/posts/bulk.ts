import type { Schemas } from "@heed/client";
import { api, noContent, unwrap } from "../../api.js";

// What a bulk action does to one post: the same documented route a single change uses, so each
// post gets its own audit row and its own webhook event, exactly as if changed by hand.

export type BulkAction =
  | { kind: "status"; statusId: string }
  | { kind: "tag"; tagId: string }
  | { kind: "untag"; tagId: string }
  | { kind: "board"; boardId: string }
  | { kind: "owner"; ownerId: string | null }
  | { kind: "merge"; into: string };

/** `notify`: whether a status change mails the post's followers (the bar's choice, unticked unless ticked). */
export async function applyToPost(id: string, action: BulkAction, notify: boolean): Promise<void> {
  const path = { params: { path: { id } } };
  switch (action.kind) {
    case "status":
      unwrap(await api.POST("/posts/{id}/status", { ...path, body: { statusId: action.statusId, notify } }));
      return;
    case "tag":
      unwrap(await api.POST("/posts/{id}/tags", { ...path, body: { tagId: action.tagId } }));
      return;
    case "untag": {
      const result = await api.DELETE("/posts/{id}/tags/{tagId}", { params: { path: { id, tagId: action.tagId } } });
      // Removing a tag the post does not have leaves it as wanted.
      if (result.response.status !== 404) noContent(result);
      return;
    }
    case "board":
      unwrap(await api.PATCH("/posts/{id}", { ...path, body: { boardId: action.boardId, notify: false } }));
      return;
    case "owner":
      unwrap(await api.PATCH("/posts/{id}", { ...path, body: { ownerId: action.ownerId, notify: false } }));
      return;
    case "merge":
      if (id !== action.into) unwrap(await api.POST("/posts/{id}/merge", { ...path, body: { into: action.into } }));
      return;
  }
}

/** Every post the filters match, changed on the server as a job (merging is for a selection only); its id. */
export async function startBulkJob(filters: Schemas["BulkFilters"], action: Exclude<BulkAction, { kind: "merge" }>, notify: boolean): Promise<string> {
  return unwrap(await api.POST("/posts/bulk", { body: { filters, action, notify } })).id;
}

/** Runs `work` over `ids`, a few at a time, reporting progress; resolves with the ids that failed and why. */
export async function inBatches(
  ids: string[],
  work: (id: string) => Promise<void>,
  onProgress: (done: number) => void,
  concurrency = 4,
): Promise<{ id: string; error: unknown }[]> {
  const failed: { id: string; error: unknown }[] = [];
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        await work(id);
      } catch (error) {
        failed.push({ id, error });
      }
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return failed;
}
