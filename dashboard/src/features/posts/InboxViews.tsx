import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { ErrorAlert } from "../../ui/QueryState.js";
import { defaultSort, type Filters, filtersOf } from "./InboxFilters.js";
import { fromApiFilters, type SavedView, savedViewsQuery, toApiFilters, useSaveViews } from "./saved-views.js";

// The inbox's views: the triage queues every team needs, one click each, and the member's own
// saved views beside them. A view is a set of filters: choosing one replaces every filter (the
// sort of a built-in view stays as it is), and the view whose filters are on is marked current.

const NONE = filtersOf(new URLSearchParams());

const BUILT_IN: { name: string; filters: Partial<Filters> }[] = [
  { name: "All", filters: {} },
  { name: "New", filters: { unseen: true } },
  { name: "Unanswered", filters: { unanswered: true } },
  { name: "Assigned to me", filters: { ownerId: "me" } },
  { name: "Stale", filters: { idleDays: 30 } },
  { name: "Possible duplicates", filters: { duplicates: true } },
  { name: "Held for approval", filters: { held: true } },
];

function same(a: Filters, b: Filters, { withSort }: { withSort: boolean }): boolean {
  return (Object.keys(a) as (keyof Filters)[]).every((k) => (k === "sort" && !withSort) || a[k] === b[k]);
}

const nameSchema = z.object({ name: z.string().trim().min(1, "Name the view.").max(60) });

function SaveViewForm({ views, filters, onDone }: { views: SavedView[]; filters: Filters; onDone: () => void }) {
  const save = useSaveViews();
  const form = useApiForm(nameSchema, { defaultValues: { name: "" } });
  return (
    <ApiForm
      form={form}
      className="save-view"
      aria-label="Save this view"
      onSubmit={async ({ name }) => {
        await save.mutateAsync([...views, { name, filters: toApiFilters(filters) }]);
        onDone();
      }}
    >
      <FormField name="name" label="Name of the view" maxLength={60} autoFocus />
      <div className="actions">
        <button type="submit">Save view</button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </ApiForm>
  );
}

export function InboxViews({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const saved = useQuery(savedViewsQuery());
  const save = useSaveViews();
  const [naming, setNaming] = useState(false);
  const views = saved.data ?? [];
  const savedCurrent = views.findIndex((v) => same(fromApiFilters(v.filters), filters, { withSort: true }));
  // One view is current: a saved one that matches exactly wins over the built-in it refines.
  const builtInCurrent = savedCurrent >= 0 ? undefined : BUILT_IN.find((v) => same({ ...NONE, ...v.filters }, filters, { withSort: false }));
  return (
    <nav className="inbox-views" aria-label="Views">
      <ul>
        {BUILT_IN.map((view) => (
          <li key={view.name}>
            <button
              type="button"
              className="secondary"
              aria-pressed={view === builtInCurrent}
              onClick={() => onChange({ ...NONE, ...view.filters, sort: filters.q ? NONE.sort : filters.sort })}
            >
              {view.name}
            </button>
          </li>
        ))}
        {views.map((view, index) => (
          <li key={`${view.name} ${JSON.stringify(view.filters)}`} className="saved-view">
            <button type="button" className="secondary" aria-pressed={index === savedCurrent} onClick={() => onChange(fromApiFilters(view.filters))}>
              {view.name}
            </button>
            <button
              type="button"
              className="link remove-view"
              aria-label={`Remove the view ${view.name}`}
              disabled={save.isPending}
              onClick={() => save.mutate(views.filter((_, i) => i !== index))}
            >
              ×
            </button>
          </li>
        ))}
        <li>
          <Link to="/posts/deleted" className="button secondary">
            Deleted posts
          </Link>
        </li>
        {!naming && savedCurrent < 0 && !(builtInCurrent && filters.sort === defaultSort(filters.q)) && (
          <li>
            <button type="button" className="link" onClick={() => setNaming(true)}>
              Save this view
            </button>
          </li>
        )}
      </ul>
      {naming && <SaveViewForm views={views} filters={filters} onDone={() => setNaming(false)} />}
      <ErrorAlert error={save.error} />
    </nav>
  );
}
