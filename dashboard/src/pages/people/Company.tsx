import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { formatMoney } from "../../ui/money.js";
import { PostLinks } from "../../ui/PostLinks.js";

// One company (/app/companies/{id}): what it pays, its people, and what its people asked for,
// ranked by revenue: the customer's own roadmap.

export function Company() {
  const { id = "" } = useParams();
  const company = useQuery({ queryKey: ["company", id], queryFn: async () => unwrap(await api.GET("/companies/{id}", { params: { path: { id } } })) });
  const users = useInfiniteQuery({
    queryKey: ["users", "company", id],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/users", { params: { query: { companyId: id, limit: 25, ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: company.isSuccess,
  });
  if (company.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading the company…
      </p>
    );
  if (company.isError)
    return (
      <div className="error-box" role="alert">
        <h1>This company could not be shown</h1>
        <p>{problemOf(company.error).detail}</p>
        <Link to="/companies">Back to companies</Link>
      </div>
    );
  const c = company.data;
  const people = users.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className="post-page">
      <p className="breadcrumb">
        <Link to="/companies">Companies</Link>
      </p>
      <h1>{c.name}</h1>
      <p className="figures">
        <span>
          <strong data-testid="spend">{formatMoney(c.monthlySpend)}</strong>/mo
        </span>
        <span className="muted">
          Your id <code>{c.externalId}</code>
        </span>
      </p>
      <div className="post-columns">
        <div className="post-primary">
          <h2>What they asked for</h2>
          <PostLinks label="Posts its people voted for" query={{ companyId: c.id, sort: "revenue" }} empty="Nobody from this company has voted yet." />
        </div>
        <aside className="post-side" aria-label="People">
          <section className="panel">
            <h2 className="panel-title">People</h2>
            {users.isPending ? (
              <p className="loading">Loading people…</p>
            ) : users.isError ? (
              <p className="error">{problemOf(users.error).detail}</p>
            ) : people.length === 0 ? (
              <p className="muted">No end users of this company yet.</p>
            ) : (
              <ul className="search-results" aria-label="People of the company">
                {people.map((u) => (
                  <li key={u.id}>
                    <Link to={`/users/${u.id}`}>{u.name ?? u.externalId}</Link>
                    <span className="muted break-anywhere">{u.email}</span>
                  </li>
                ))}
              </ul>
            )}
            {users.hasNextPage && (
              <button type="button" className="secondary spaced" onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
                More people
              </button>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}
