import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "react-router";
import { CardTable } from "../../ui/CardTable.js";
import { formatMoney } from "../../ui/money.js";
import { QueryState } from "../../ui/QueryState.js";
import { SearchForm, useAddressSearch } from "../../ui/SearchForm.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { companiesQuery } from "./queries.js";

// Companies (/app/companies): who your end users work for and what they pay, found by name.

export function Companies() {
  const { q, search } = useAddressSearch();
  const { query: companies, items: list } = useCursorList({ ...companiesQuery(q), placeholderData: keepPreviousData });
  return (
    <section>
      <h1>Companies</h1>
      <SearchForm label="Find a company" value={q} onSearch={search} placeholder="Name or id" />
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
