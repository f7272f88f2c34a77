import { keepPreviousData } from "@tanstack/react-query";
import { Link } from "react-router";
import { CardTable } from "../../ui/CardTable.js";
import { formatRelative } from "../../ui/format.js";
import { formatMoney } from "../../ui/money.js";
import { QueryState } from "../../ui/QueryState.js";
import { SearchForm, useAddressSearch } from "../../ui/SearchForm.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { usersQuery } from "./queries.js";

// End users (/app/users): the people who post and vote, newest first, found by a piece of their
// name, email or your id for them.

export function Users() {
  const { q, search } = useAddressSearch();
  const { query: users, items: list } = useCursorList({ ...usersQuery(q), placeholderData: keepPreviousData });
  return (
    <section>
      <h1>End users</h1>
      <SearchForm label="Find an end user" value={q} onSearch={search} placeholder="Name, email or id" />
      <QueryState
        query={users}
        what="end users"
        isEmpty={() => list.length === 0}
        empty={
          <>
            <h2>{q ? "Nobody matches" : "No end users yet"}</h2>
            <p>
              {q ? "Try a shorter piece of the name or email." : "People appear here when they post or vote in the portal, or when your app identifies them."}
            </p>
          </>
        }
      >
        {() => (
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
      </QueryState>
      <MoreButton list={users} label="More end users" />
    </section>
  );
}
