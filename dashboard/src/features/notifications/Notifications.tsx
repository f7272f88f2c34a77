import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { api, unwrap } from "../../api.js";
import { formatDateTime, formatRelative } from "../../ui/format.js";
import { ErrorAlert, QueryState } from "../../ui/QueryState.js";
import { MoreButton, useCursorList } from "../../ui/useCursorList.js";
import { notificationKeys } from "../../data/notifications.js";
import { notificationsQuery } from "./queries.js";

// /app/notifications: what the signed-in member was told, newest first, unread ones marked; opening
// one marks it read, and all can be marked read at once.

type Notification = Schemas["Notification"];

export function Notifications() {
  const queries = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { query, items } = useCursorList(notificationsQuery(unreadOnly ? { unread: "true" } : {}));
  const markRead = useMutation({
    mutationFn: async (body: { ids: string[] } | { all: true }) => unwrap(await api.POST("/notifications/read", { body })),
    onSettled: () => queries.invalidateQueries({ queryKey: notificationKeys.all }),
  });
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <section>
      <div className="page-head">
        <h1>Notifications</h1>
        <button type="button" className="secondary" onClick={() => markRead.mutate({ all: true })} disabled={unread === 0 || markRead.isPending}>
          Mark all read
        </button>
      </div>
      <p className="muted">
        New posts on the boards you follow, comments on posts you follow, mentions and assignments. Choose what you hear in{" "}
        <Link to="/settings/notifications">Settings → Notifications</Link>.
      </p>
      <fieldset className="filters">
        <legend className="visually-hidden">Show</legend>
        <label className="choice">
          <input type="radio" name="show" checked={!unreadOnly} onChange={() => setUnreadOnly(false)} /> All
        </label>
        <label className="choice">
          <input type="radio" name="show" checked={unreadOnly} onChange={() => setUnreadOnly(true)} /> Unread ({unread})
        </label>
      </fieldset>
      <ErrorAlert error={markRead.error} lead="Not marked read." />
      <QueryState
        query={query}
        what="notifications"
        isEmpty={() => items.length === 0}
        empty={<p>{unreadOnly ? "Nothing unread." : "Nothing yet. Follow a board in Settings → Notifications to hear of its new posts."}</p>}
      >
        {() => (
          <>
            <ul className="rows notifications">
              {items.map((n: Notification) => (
                <li key={n.id} className={`row${n.read ? "" : " unread"}`}>
                  <div>
                    {!n.read && <span className="visually-hidden">Unread: </span>}
                    {n.postId ? (
                      <Link to={`/posts/${n.postId}`} onClick={() => !n.read && markRead.mutate({ ids: [n.id] })}>
                        {n.title}
                      </Link>
                    ) : (
                      <strong>{n.title}</strong>
                    )}
                    {n.excerpt && <p className="muted excerpt">{n.excerpt}</p>}
                    <time className="muted" dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                      {formatRelative(n.createdAt)}
                    </time>
                  </div>
                  {!n.read && (
                    <div className="actions">
                      <button type="button" className="secondary" onClick={() => markRead.mutate({ ids: [n.id] })} aria-label={`Mark read: ${n.title}`}>
                        Mark read
                      </button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <MoreButton list={query} label="Older notifications" />
          </>
        )}
      </QueryState>
    </section>
  );
}
