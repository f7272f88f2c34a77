import { useMutation, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { issueLinksQuery } from "../../data/integrations.js";

// A comment's "sync": post it to the issues the post is linked to, once per issue. Offered only
// while the post has a linked issue; asking twice sends nothing more, and says so.

export function SendToIssues({ postId, commentId }: { postId: string; commentId: string }) {
  const links = useQuery(issueLinksQuery(postId));
  const send = useMutation({
    mutationFn: async () => unwrap(await api.POST("/posts/{id}/issues/comments", { params: { path: { id: postId } }, body: { commentId } })),
  });
  const linked = links.data?.data.filter((l) => l.state === "linked").length ?? 0;
  if (linked === 0) return null;
  const said = send.data ? (send.data.queued > 0 ? `Sent to ${send.data.queued} ${send.data.queued === 1 ? "issue" : "issues"}.` : "Sent before.") : "";
  return (
    <>
      <button type="button" className="link" onClick={() => send.mutate()} disabled={send.isPending}>
        Send to linked {linked === 1 ? "issue" : "issues"}
      </button>
      <span role="status" className="muted">
        {send.isError ? "Not sent." : said}
      </span>
    </>
  );
}
