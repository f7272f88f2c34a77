import { Link } from "react-router";
import { formatMoney } from "../../ui/money.js";
import { ErrorAlert, Loading } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { postSelectionQuery, type Selection } from "../../data/posts.js";

// A short list of posts selected by the inbox's filters (a person's votes, a company's asks),
// each a link to its page, with a "More" button for the next page.

export function PostLinks({ label, query, empty }: { label: string; query: Selection; empty: string }) {
  const { query: posts, items: list } = useCursorList(postSelectionQuery(query));
  if (posts.isPending) return <Loading what="posts" />;
  if (posts.isError) return <ErrorAlert error={posts.error} />;
  if (list.length === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <ul className="search-results" aria-label={label}>
        {list.map((p) => (
          <li key={p.id}>
            <Link to={`/posts/${p.id}`}>{p.title}</Link>
            <span className="muted nowrap">
              {p.voteCount} {p.voteCount === 1 ? "vote" : "votes"}
              {p.revenue > 0 && ` · ${formatMoney(p.revenue)}/mo`}
            </span>
          </li>
        ))}
      </ul>
      <MoreButton list={posts} label="More posts" />
    </>
  );
}
