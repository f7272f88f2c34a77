import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { Loading, NotShown } from "../../ui/QueryState.js";
import { EntryForm } from "./EntryForm.js";
import { PublishPanel } from "./PublishPanel.js";
import { entryQuery } from "./queries.js";

// One entry (/app/changelog/{id}, or /app/changelog/new): its words beside its publishing. A
// scheduled entry is re-read every few seconds, so the page shows it published when it is.

export function ChangelogEntry() {
  const { id = "new" } = useParams();
  const isNew = id === "new";
  const entry = useQuery({
    ...entryQuery(id),
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
  if (entry.isPending) return <Loading what="the entry" />;
  if (entry.isError) return <NotShown what="entry" error={entry.error} back={{ to: "/changelog", label: "Back to the changelog" }} />;
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
