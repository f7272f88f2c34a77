import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, unwrap } from "../../api.js";
import { type Post, refreshPost } from "./queries.js";

// Opening a post is the team seeing it: a New post leaves the New view as a member opens it. Once
// per post per page load; a failure (a read-only credential, the network) leaves it New, unshown:
// nothing the member asked for failed.

const marked = new Set<string>();

export function useMarkSeen(post: Post | undefined) {
  const queries = useQueryClient();
  const id = post && post.seenAt === null ? post.id : undefined;
  useEffect(() => {
    if (!id || marked.has(id)) return;
    marked.add(id);
    api
      .POST("/posts/seen", { body: { ids: [id] } })
      .then(unwrap)
      .then(() => refreshPost(queries, id))
      .catch(() => marked.delete(id));
  }, [id, queries]);
}
