import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../api.js";
import { postKeys } from "./posts.js";

// Deciding what waits for approval (POST /v1/posts/moderate and /v1/comments/moderate): from a
// post's page, a comment, or the inbox's selection. Each decision refreshes every read of posts,
// since an approved post joins the lists and its counts.

export type Decision = "approve" | "reject";
type Signal = Schemas["Post"]["spamSignals"][number];

/** The spam signals in words, for the badges beside what raised them. */
export const SIGNAL_LABELS: Record<Signal, string> = {
  many_links: "many links",
  repeated_text: "repeated text",
  burst: "burst of posts",
};

/** At most this many ids per request: the API's limit. */
const BATCH = 100;

export function useModerate(kind: "posts" | "comments") {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, decision }: { ids: string[]; decision: Decision }) => {
      let decided = 0;
      for (let at = 0; at < ids.length; at += BATCH) {
        const body = { ids: ids.slice(at, at + BATCH), decision };
        const answer = unwrap(kind === "posts" ? await api.POST("/posts/moderate", { body }) : await api.POST("/comments/moderate", { body }));
        decided += answer.decided;
      }
      return decided;
    },
    // Not awaited: a decision made on a post's page leaves that page at once, before the refreshed
    // post (gone from its reads once rejected) would show as not found.
    onSuccess: () => {
      queries.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
