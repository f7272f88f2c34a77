import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api, noContent } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { Panel } from "../../ui/Panel.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { useOfferUndo } from "../../ui/Undo.js";
import { postKeys } from "../../data/posts.js";
import { useRestorePosts } from "../../data/trash.js";
import type { Post } from "./queries.js";

// Deleting a post (DELETE /v1/posts/{id}, a soft delete): asked first, then back to the inbox with
// an Undo; the inbox's Deleted posts keep it restorable after that.

export function DeletePost({ post }: { post: Post }) {
  const navigate = useNavigate();
  const queries = useQueryClient();
  const offer = useOfferUndo();
  const restore = useRestorePosts();
  const remove = useMutation({ mutationFn: async () => noContent(await api.DELETE("/posts/{id}", { params: { path: { id: post.id } } })) });
  // Only the lists are refreshed: the post itself now answers 404, and this page is left at once.
  const confirmed = () =>
    remove.mutateAsync().then(
      () => {
        navigate("/posts");
        queries.invalidateQueries({ queryKey: postKeys.lists() });
        offer({
          done: `Deleted “${post.title}”. It stays in Deleted posts, restorable.`,
          undo: () => restore([post.id]),
          undone: `Restored “${post.title}”.`,
        });
      },
      () => {},
    );
  return (
    <Panel title="Delete">
      <ConfirmButton label="Delete post" title="Delete this post?" confirm="Delete the post" disabled={remove.isPending} onConfirm={confirmed}>
        <p>
          “{post.title}” leaves the inbox, the roadmap and the portal; its votes and comments are kept. You can undo it right after, or restore it later from
          the inbox's Deleted posts.
        </p>
      </ConfirmButton>
      <ErrorAlert error={remove.error} />
    </Panel>
  );
}
