import { keepPreviousData } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { CardTable } from "../../ui/CardTable.js";
import { formatMoney } from "../../ui/money.js";
import { QueryState } from "../../ui/QueryState.js";
import { SearchForm } from "../../ui/SearchForm.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { type CompanySort, companiesQuery } from "./queries.js";

// Companies (/app/companies): who your end users work for and what they pay, found by name, the
// newest or the biggest spenders first. Both live in the address, so a view can be linked.

export function Companies() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const sort: CompanySort = params.get("sort") === "spend" ? "spend" : "newest";
  const go = (next: { q?: string; sort?: CompanySort }) => {
    const [nextQ, nextSort] = [next.q ?? q, next.sort ?? sort];
    setParams({ ...(nextQ ? { q: nextQ } : {}), ...(nextSort === "spend" ? { sort: nextSort } : {}) });
  };
  const { query: companies, items: list } = useCursorList({ ...companiesQuery(q, sort), placeholderData: keepPreviousData });
  return (
    <section>
      <h1>Companies</h1>
      <div className="list-tools">
        <SearchForm label="Find a company" value={q} onSearch={(words) => go({ q: words })} placeholder="Name or id" />
        <label className="choice-inline">
          Sort{" "}
          <select value={sort} onChange={(event) => go({ sort: event.target.value as CompanySort })}>
            <option value="newest">Newest first</option>
            <option value="spend">Highest monthly spend</option>
          </select>
        </label>
      </div>
      <QueryState
        query={companies}
        what="companies"
        isEmpty={() => list.length === 0}
        empty={
          <>
            <h2>{q ? "No company matches" : "No companies yet"}</h2>
            <p>{q ? "Try a shorter piece of the name." : "Your app sends companies with identify, or through the API, with what they pay a month."}</p>
          </>
        }
      >
        {() => (
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
      </QueryState>
      <MoreButton list={companies} label="More companies" />
    </section>
  );
}
