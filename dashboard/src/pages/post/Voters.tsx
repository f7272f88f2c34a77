import { useInfiniteQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { api, noContent, problemOf, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { formatMoney } from "../../ui/money.js";
import { AddVoter } from "./AddVoter.js";
import { type Post, usePostWrite } from "./queries.js";

// Who wants it and what they pay: each voter with their company and its monthly spend, the post's
// revenue (each company counted once), a vote added on someone's behalf, or one removed.

export function Voters({ post }: { post: Post }) {
  const id = useId();
  const voters = useInfiniteQuery({
    queryKey: ["post-voters", post.id],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/posts/{id}/votes", { params: { path: { id: post.id }, query: { limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const remove = usePostWrite(post.id, async (userId: string) =>
    noContent(await api.DELETE("/posts/{id}/votes/{userId}", { params: { path: { id: post.id, userId } } })),
  );
  const list = voters.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel-title">
        Voters
      </h2>
      <p className="figures">
        <span>
          <strong data-testid="vote-count">{post.voteCount}</strong> {post.voteCount === 1 ? "vote" : "votes"}
        </span>
        <span>
          <strong data-testid="revenue">{formatMoney(post.revenue)}</strong>/mo revenue
        </span>
      </p>
      {voters.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading voters…
        </p>
      ) : voters.isError ? (
        <p className="error" role="alert">
          Voters could not be loaded. {problemOf(voters.error).detail}
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No votes yet.</p>
      ) : (
        <ul className="voters" aria-label="Voters">
          {list.map((v) => {
            const name = v.user.name ?? v.user.email ?? v.user.externalId;
            return (
              <li key={v.userId}>
                <span>
                  <Link to={`/users/${v.userId}`}>{name}</Link>
                  {v.user.company && (
                    <span className="muted">
                      {" "}
                      · {v.user.company.name}, {formatMoney(v.user.company.monthlySpend)}/mo
                    </span>
                  )}
                </span>
                <ConfirmButton
                  label="Remove"
                  ariaLabel={`Remove ${name}'s vote`}
                  className="link"
                  title={`Remove ${name}'s vote?`}
                  confirm="Remove the vote"
                  onConfirm={() => remove.mutate(v.userId)}
                >
                  <p>The post loses this vote and, if nobody else from their company voted, the company's spend.</p>
                </ConfirmButton>
              </li>
            );
          })}
        </ul>
      )}
      {voters.hasNextPage && (
        <button type="button" className="secondary" onClick={() => voters.fetchNextPage()} disabled={voters.isFetchingNextPage}>
          More voters
        </button>
      )}
      <AddVoter postId={post.id} voterIds={new Set(list.map((v) => v.userId))} />
    </section>
  );
}
