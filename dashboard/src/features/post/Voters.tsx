import { Link } from "react-router";
import { api, noContent } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { formatMoney } from "../../ui/money.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { AddVoter } from "./AddVoter.js";
import { type Post, usePost, usePostWrite, votersQuery } from "./queries.js";

// Who wants it and what they pay: each voter with their company and its monthly spend, the post's
// revenue (each company counted once), a vote added on someone's behalf, or one removed. A merged
// post's votes count where it went.

export function Voters({ post }: { post: Post }) {
  // Merged, its votes count on the post it went into: none here, and none can be added.
  if (post.mergedInto) return <MergedVoters into={post.mergedInto} />;
  return <LiveVoters post={post} />;
}

function MergedVoters({ into }: { into: string }) {
  const canonical = usePost(into);
  return (
    <Panel title="Voters">
      <p className="figures">
        <span>
          <strong data-testid="vote-count">0</strong> votes
        </span>
      </p>
      <p>
        Its votes moved to <Link to={`/posts/${into}`}>{canonical.data?.title ?? "the post it was merged into"}</Link>.
      </p>
    </Panel>
  );
}

function LiveVoters({ post }: { post: Post }) {
  const { query: voters, items: list } = useCursorList(votersQuery(post.id));
  const remove = usePostWrite(post.id, async (userId: string) =>
    noContent(await api.DELETE("/posts/{id}/votes/{userId}", { params: { path: { id: post.id, userId } } })),
  );
  return (
    <Panel title="Voters">
      <p className="figures">
        <span>
          <strong data-testid="vote-count">{post.voteCount}</strong> {post.voteCount === 1 ? "vote" : "votes"}
        </span>
        <span>
          <strong data-testid="revenue">{formatMoney(post.revenue)}</strong>/mo revenue
        </span>
      </p>
      <Loaded read={voters} what="voters">
        {list.length === 0 ? (
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
      </Loaded>
      <MoreButton list={voters} label="More voters" className="secondary" />
      <AddVoter postId={post.id} voterIds={new Set(list.map((v) => v.userId))} />
    </Panel>
  );
}
