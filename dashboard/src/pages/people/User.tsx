import { useQuery } from "@tanstack/react-query";
import { Fragment } from "react";
import { Link, useParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { formatMoney } from "../../ui/money.js";
import { PostLinks } from "../../ui/PostLinks.js";
import { UserComments } from "./UserComments.js";

// One end user (/app/users/{id}): who they are and what they pay, what they voted for, posted and
// commented, and what they do in your product (tracked events, counted per event).

export function User() {
  const { id = "" } = useParams();
  const user = useQuery({ queryKey: ["user", id], queryFn: async () => unwrap(await api.GET("/users/{id}", { params: { path: { id } } })) });
  const counts = useQuery({
    queryKey: ["user-event-counts", id],
    queryFn: async () => unwrap(await api.GET("/users/{id}/event-counts", { params: { path: { id }, query: { limit: 50 } } })),
    enabled: user.isSuccess,
  });
  if (user.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading the end user…
      </p>
    );
  if (user.isError)
    return (
      <div className="error-box" role="alert">
        <h1>This end user could not be shown</h1>
        <p>{problemOf(user.error).detail}</p>
        <Link to="/users">Back to end users</Link>
      </div>
    );
  const u = user.data;
  const traits = Object.entries(u.traits);
  return (
    <section className="post-page">
      <p className="breadcrumb">
        <Link to="/users">End users</Link>
      </p>
      <h1>{u.name ?? u.externalId}</h1>
      <dl className="facts">
        <dt>Email</dt>
        <dd className="break-anywhere">{u.email ?? "—"}</dd>
        <dt>Your id</dt>
        <dd className="break-anywhere">
          <code>{u.externalId}</code>
        </dd>
        <dt>Company</dt>
        <dd>
          {u.company ? (
            <>
              <Link to={`/companies/${u.company.id}`}>{u.company.name}</Link>, {formatMoney(u.company.monthlySpend)}/mo
            </>
          ) : (
            "—"
          )}
        </dd>
        <dt>First seen</dt>
        <dd>{formatDateTime(u.createdAt)}</dd>
        <dt>Last seen</dt>
        <dd>{formatRelative(u.lastSeenAt)}</dd>
        {traits.map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd className="break-anywhere">{String(value)}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="post-columns">
        <div className="post-primary">
          <h2>Voted for</h2>
          <PostLinks label="Posts they voted for" query={{ voterId: u.id, sort: "votes" }} empty="No votes yet." />
          <h2>Posted</h2>
          <PostLinks label="Posts they wrote" query={{ authorId: u.id, sort: "newest" }} empty="No posts yet." />
          <h2>Commented</h2>
          <UserComments userId={u.id} />
        </div>
        <aside className="post-side" aria-label="Activity in your product">
          <section className="panel">
            <h2 className="panel-title">Tracked events</h2>
            {counts.isPending ? (
              <p className="loading">Loading events…</p>
            ) : counts.isError ? (
              <p className="error">{problemOf(counts.error).detail}</p>
            ) : counts.data.data.length === 0 ? (
              <p className="muted">No events tracked. Your app sends them with track.</p>
            ) : (
              <ul className="search-results" aria-label="Tracked events">
                {counts.data.data.map((c) => (
                  <li key={c.event}>
                    <code>{c.event}</code>
                    <span className="muted nowrap">
                      {c.count} × · last {formatRelative(c.lastOccurredAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>
    </section>
  );
}
