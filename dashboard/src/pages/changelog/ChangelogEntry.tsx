import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { EntryForm } from "./EntryForm.js";
import { PublishPanel } from "./PublishPanel.js";

// One entry (/app/changelog/{id}, or /app/changelog/new): its words beside its publishing. A
// scheduled entry is re-read every few seconds, so the page shows it published when it is.

export function ChangelogEntry() {
  const { id = "new" } = useParams();
  const isNew = id === "new";
  const entry = useQuery({
    queryKey: ["changelog-entry", id],
    queryFn: async () => unwrap(await api.GET("/changelog/{id}", { params: { path: { id } } })),
    enabled: !isNew,
    refetchInterval: (query) => (query.state.data?.state === "scheduled" ? 2000 : false),
  });
  const back = (
    <p className="breadcrumb">
      <Link to="/changelog">Changelog</Link>
    </p>
  );
  if (isNew)
    return (
      <section className="post-page">
        {back}
        <h1>New entry</h1>
        <EntryForm />
      </section>
    );
  if (entry.isPending)
    return (
      <p className="loading" role="status" aria-busy="true">
        Loading the entry…
      </p>
    );
  if (entry.isError)
    return (
      <div className="error-box" role="alert">
        <h1>This entry could not be shown</h1>
        <p>{problemOf(entry.error).detail}</p>
        <Link to="/changelog">Back to the changelog</Link>
      </div>
    );
  return (
    <section className="post-page">
      {back}
      <h1>{entry.data.title}</h1>
      <div className="post-columns">
        <div className="post-primary">
          <EntryForm key={entry.data.updatedAt} entry={entry.data} />
        </div>
        <aside className="post-side" aria-label="Publishing">
          <PublishPanel entry={entry.data} />
        </aside>
      </div>
    </section>
  );
}
