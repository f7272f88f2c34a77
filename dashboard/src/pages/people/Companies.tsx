import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { CardTable } from "../../ui/CardTable.js";
import { formatMoney } from "../../ui/money.js";
import { SearchForm } from "../../ui/SearchForm.js";

// Companies (/app/companies): who your end users work for and what they pay, found by name.

export function Companies() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const companies = useInfiniteQuery({
    queryKey: ["companies", "list", q],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(await api.GET("/companies", { params: { query: { limit: 25, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const list = companies.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section>
      <h1>Companies</h1>
      <SearchForm label="Find a company" value={q} onSearch={(next) => setParams(next ? { q: next } : {})} placeholder="Name or id" />
      {companies.isPending ? (
        <p className="loading" role="status" aria-busy="true">
          Loading companies…
        </p>
      ) : companies.isError ? (
        <div className="error-box" role="alert">
          <p>Companies could not be loaded. {problemOf(companies.error).detail}</p>
        </div>
      ) : list.length === 0 ? (
        <div className="empty">
          <h2>{q ? "No company matches" : "No companies yet"}</h2>
          <p>{q ? "Try a shorter piece of the name." : "Your app sends companies with identify, or through the API, with what they pay a month."}</p>
        </div>
      ) : (
        <CardTable caption="Companies" columns={["Name", "Monthly spend", "Your id"]}>
          {list.map((c) => (
            <tr key={c.id}>
              <td data-label="Name">
                <Link to={`/companies/${c.id}`}>{c.name}</Link>
              </td>
              <td data-label="Monthly spend">{formatMoney(c.monthlySpend)}</td>
              <td data-label="Your id" className="break-anywhere">
                <code>{c.externalId}</code>
              </td>
            </tr>
          ))}
        </CardTable>
      )}
      {companies.hasNextPage && (
        <button type="button" className="secondary spaced" onClick={() => companies.fetchNextPage()} disabled={companies.isFetchingNextPage}>
          More companies
        </button>
      )}
    </section>
  );
}
