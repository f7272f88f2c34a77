import { useQuery } from "@tanstack/react-query";
import type { Schemas } from "@heed/client";
import { Fragment, useState } from "react";
import { Link, useParams } from "react-router";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { formatMoney } from "../../ui/money.js";
import { Panel } from "../../ui/Panel.js";
import { Loaded, Loading, NotShown } from "../../ui/QueryState.js";
import { Erased, PersonalData } from "./PersonalData.js";
import { PostLinks } from "./PostLinks.js";
import { eventCountsQuery, userQuery } from "./queries.js";
import { UserComments } from "./UserComments.js";

// One end user (/app/users/{id}): who they are and what they pay, what they voted for, posted and
// commented, what they do in your product (tracked events, counted per event), and their data
// requests: download or erase.

export function User() {
  const { id = "" } = useParams();
  const [erased, setErased] = useState<Schemas["EndUserErasure"] | null>(null);
  const user = useQuery({ ...userQuery(id), enabled: erased === null });
  const counts = useQuery({ ...eventCountsQuery(id), enabled: user.isSuccess && erased === null });
  if (erased?.id === id) return <Erased erasure={erased} />;
  if (user.isPending) return <Loading what="the end user" />;
  if (user.isError) return <NotShown what="end user" error={user.error} back={{ to: "/users", label: "Back to end users" }} />;
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
          <Panel title="Tracked events">
            <Loaded read={counts} what="events">
              {counts.data?.data.length === 0 ? (
                <p className="muted">No events tracked. Your app sends them with track.</p>
              ) : (
                <ul className="search-results" aria-label="Tracked events">
                  {counts.data?.data.map((c) => (
                    <li key={c.event}>
                      <code>{c.event}</code>
                      <span className="muted nowrap">
                        {c.count} × · last {formatRelative(c.lastOccurredAt)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Loaded>
          </Panel>
          <PersonalData user={u} onErased={setErased} />
        </aside>
      </div>
    </section>
  );
}
