import { Link } from "react-router";
import { api, problemOf, unwrap } from "../api.js";
import { formatMoney } from "./money.js";
import { MoreButton, useCursorList } from "./useCursorList.js";

// A short list of posts selected by the inbox's filters (a person's votes, a company's asks),
// each a link to its page, with a "More" button for the next page.

type Query = { authorId?: string; voterId?: string; companyId?: string; sort: "votes" | "revenue" | "newest" };

export function PostLinks({ label, query, empty }: { label: string; query: Query; empty: string }) {
  const { query: posts, items: list } = useCursorList(["posts", "links", query], async (cursor) =>
    unwrap(await api.GET("/posts", { params: { query: { ...query, limit: 10, ...cursor } } })),
  );
  if (posts.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading posts…
      </p>
    );
  if (posts.isError)
    return (
      <p className="error" role="alert">
        {problemOf(posts.error).detail}
      </p>
    );
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
