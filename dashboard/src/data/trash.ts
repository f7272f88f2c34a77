import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, unwrap } from "../api.js";
import { useOfferUndo } from "../ui/Undo.js";
import { postKeys } from "./posts.js";

// Deleted and rejected posts come back through POST /v1/posts/{id}/restore: from the Undo right
// after, or from the trash. A rejected post comes back held, to be decided again.

/** Restores each post in turn, then refreshes every read of posts (the lists, the trash, the post). */
export function useRestorePosts(): (ids: string[]) => Promise<void> {
  const queries = useQueryClient();
  return useCallback(
    async (ids: string[]) => {
      try {
        for (const id of ids) unwrap(await api.POST("/posts/{id}/restore", { params: { path: { id } } }));
      } finally {
        await queries.invalidateQueries({ queryKey: postKeys.all });
      }
    },
    [queries],
  );
}

/** After rejecting `posts`: the frame's notice, whose Undo restores them to the Held view. */
export function useOfferUndoReject(): (posts: { id: string; title: string }[]) => void {
  const offer = useOfferUndo();
  const restore = useRestorePosts();
  return useCallback(
    (posts) => {
      const one = posts.length === 1;
      const what = one ? `“${posts[0]!.title}”` : `${posts.length} posts`;
      offer({
        done: `Rejected ${what}. ${one ? "It stays" : "They stay"} in Deleted posts, restorable.`,
        undo: () => restore(posts.map((p) => p.id)),
        undone: `Restored ${what}: ${one ? "it waits" : "they wait"} for approval again.`,
      });
    },
    [offer, restore],
  );
}
