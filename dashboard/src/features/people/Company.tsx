import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { formatMoney } from "../../ui/money.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded, Loading, NotShown } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { PostLinks } from "./PostLinks.js";
import { companyQuery, companyUsersQuery } from "./queries.js";

// One company (/app/companies/{id}): what it pays, its people, and what its people asked for,
// ranked by revenue: the customer's own roadmap.

export function Company() {
  const { id = "" } = useParams();
  const company = useQuery(companyQuery(id));
  const { query: users, items: people } = useCursorList({ ...companyUsersQuery(id), enabled: company.isSuccess });
  if (company.isPending) return <Loading what="the company" />;
  if (company.isError) return <NotShown what="company" error={company.error} back={{ to: "/companies", label: "Back to companies" }} />;
  const c = company.data;
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
          <Panel title="People">
            <Loaded read={users} what="people">
              {people.length === 0 ? (
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
            </Loaded>
            <MoreButton list={users} label="More people" />
          </Panel>
        </aside>
      </div>
    </section>
  );
}
