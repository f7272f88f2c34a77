import type { Schemas } from "@heed/client";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, noContent, unwrap } from "../../../api.js";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "../../../../../packages/shared/src/languages.js";
import { FormCheckbox, FormField, FormSelect } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { Options } from "../../../ui/Options.js";
import { Swatch } from "../../../ui/Swatch.js";
import { RowActions, RowForm, RowsSection, useRowWrites } from "./editing.js";
import { MoveButtons, useOrdering } from "./ordering.js";
import { statusesQuery, statusKeys } from "../../../data/statuses.js";
import { statusSchema } from "./schemas.js";

// Statuses: the stages a post goes through, in the order the roadmap shows them. Each belongs to
// a category (open, active, complete, closed); the team chooses which are columns of the portal's
// roadmap, and may name each in the portal's languages (the dashboard keeps the name). One is the
// default of new posts. Reordered with buttons (ordering.tsx), so the keyboard does what a drag would.

type Status = Schemas["Status"];
type Category = Status["category"];
type StatusInput = z.output<typeof statusSchema>;

const CATEGORIES: { id: Category; name: string }[] = [
  { id: "open", name: "Open: not planned yet" },
  { id: "active", name: "Active: planned or in progress" },
  { id: "complete", name: "Complete: shipped" },
  { id: "closed", name: "Closed: won't do, or merged" },
];

function StatusForm({ status, onSave, onCancel }: { status?: Status; onSave: (s: StatusInput) => Promise<unknown>; onCancel: () => void }) {
  const form = useApiForm(statusSchema, {
    defaultValues: {
      name: status?.name ?? "",
      category: status?.category ?? "open",
      color: status?.color ?? "#6b7280",
      onRoadmap: status?.onRoadmap ?? true,
      translations: Object.fromEntries(LANGUAGES.map((language) => [language, status?.translations[language] ?? ""])) as Record<Language, string>,
    },
  });
  return (
    <RowForm what="status" item={status} form={form} onSave={onSave} onCancel={onCancel}>
      <FormField name="name" label="Name" required maxLength={50} />
      <FormSelect name="category" label="Category">
        <Options items={CATEGORIES} />
      </FormSelect>
      <FormField name="color" label="Colour" type="color" className="color-input" />
      <FormCheckbox name="onRoadmap">Show as a column of the public roadmap</FormCheckbox>
      <fieldset className="translations">
        <legend>Name on the portal, per language</legend>
        <p className="hint">Customers reading the portal, the widget and their mail in a language see its name here; left empty, the name above.</p>
        {LANGUAGES.map((language) => (
          <FormField key={language} name={`translations.${language}`} label={LANGUAGE_NAMES[language]} lang={language} dir="auto" maxLength={50} />
        ))}
      </fieldset>
    </RowForm>
  );
}

export function StatusesSection() {
  const read = statusesQuery();
  const statuses = useQuery(read);
  const { editing, edit, save, remove, refresh } = useRowWrites(statusKeys.all, {
    save: async (id: string | undefined, body: StatusInput | { isDefault: true }) =>
      id ? unwrap(await api.PATCH("/statuses/{id}", { params: { path: { id } }, body })) : unwrap(await api.POST("/statuses", { body: body as StatusInput })),
    remove: async (id: string) => noContent(await api.DELETE("/statuses/{id}", { params: { path: { id } } })),
  });
  const reorder = useOrdering<Status>(read.queryKey, async (ids) => unwrap(await api.POST("/statuses/reorder", { body: { ids } })), refresh);
  const error = remove.error ?? reorder.error ?? (editing ? null : save.error);
  return (
    <RowsSection
      title="Statuses"
      what="statuses"
      one="status"
      read={statuses}
      error={error}
      ordered
      rows={{ editing, edit }}
      form={(s) => <StatusForm status={s} onSave={(body) => save.mutateAsync({ id: s?.id, body })} onCancel={() => edit(null)} />}
      row={(s, index, all) => (
        <>
          <div>
            <Swatch color={s.color} />
            <strong>{s.name}</strong> <span className="muted">{s.category}</span> {s.isDefault && <span className="badge good">default</span>}{" "}
            <span className="badge">{s.onRoadmap ? "on the roadmap" : "not on the roadmap"}</span>
          </div>
          <RowActions
            name={s.name}
            onEdit={() => edit(s.id)}
            confirm="Delete the status"
            onDelete={() => remove.mutate(s.id)}
            before={
              <>
                <MoveButtons kind="status" item={s} index={index} all={all} onMove={reorder.move} />
                {!s.isDefault && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => save.mutate({ id: s.id, body: { isDefault: true } })}
                    aria-label={`Make default: ${s.name}`}
                  >
                    Make default
                  </button>
                )}
              </>
            }
          >
            <p>Only a status no post has, and not the default, can be deleted: move its posts to another status first.</p>
          </RowActions>
        </>
      )}
    />
  );
}
