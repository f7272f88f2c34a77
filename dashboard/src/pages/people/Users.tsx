import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { CardTable } from "../../ui/CardTable.js";
import { formatRelative } from "../../ui/format.js";
import { formatMoney } from "../../ui/money.js";
import { SearchForm } from "../../ui/SearchForm.js";

// End users (/app/users): the people who post and vote, newest first, found by a piece of their
// name, email or your id for them.

export function Users() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const users = useInfiniteQuery({
    queryKey: ["users", "list", q],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/users", { params: { query: { limit: 25, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const list = users.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>End users</h1>
      <SearchForm label="Find an end user" value={q} onSearch={(next) => setParams(next ? { q: next } : {})} placeholder="Name, email or id" />
      {users.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading end users…
        </p>
      ) : users.isError ? (
        <div className="error-box" role="alert">
          <p>End users could not be loaded. {problemOf(users.error).detail}</p>
        </div>
      ) : list.length === 0 ? (
        <div className="empty">
          <h2>{q ? "Nobody matches" : "No end users yet"}</h2>
          <p>
            {q ? "Try a shorter piece of the name or email." : "People appear here when they post or vote in the portal, or when your app identifies them."}
          </p>
        </div>
      ) : (
        <CardTable caption="End users" columns={["Name", "Email", "Company", "Last seen"]}>
          {list.map((u) => (
            <tr key={u.id}>
              <td data-label="Name">
                <Link to={`/users/${u.id}`}>{u.name ?? u.externalId}</Link>
              </td>
              <td data-label="Email" className="break-anywhere">
                {u.email ?? "—"}
              </td>
              <td data-label="Company">
                {u.company ? (
                  <>
                    <Link to={`/companies/${u.company.id}`}>{u.company.name}</Link> <span className="muted">{formatMoney(u.company.monthlySpend)}/mo</span>
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td data-label="Last seen">{formatRelative(u.lastSeenAt)}</td>
            </tr>
          ))}
        </CardTable>
      )}
      {users.hasNextPage && (
        <button type="button" className="secondary spaced" onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
          More end users
        </button>
      )}
    </section>
  );
}
