import type { ProblemOptions } from "../../../ui/form/problem.js";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormActions } from "../../../ui/FormActions.js";
import { ErrorAlert, QueryState, type Read } from "../../../ui/QueryState.js";

// The three lists of Settings → Boards (boards, statuses, tags) work alike: a row opens as its form
// in place, "New …" opens an empty one under the list, and Delete asks first.

type Editing = string | "new" | null;

/**
 * The list's writes, each refreshing the list under `key`: a save (of a new one, or a change to
 * one: its form closes), and a removal. `editing` is the row open as a form ("new": the one under
 * the list); opening another forgets the last save's refusal.
 */
export function useRowWrites<Body, Removal>(
  key: QueryKey,
  write: { save: (id: string | undefined, body: Body) => Promise<unknown>; remove: (removal: Removal) => Promise<void> },
) {
  const queries = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => queries.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Body }) => write.save(id, body),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({ mutationFn: write.remove, onSettled: refresh });
  const edit = (id: Editing) => {
    save.reset();
    setEditing(id);
  };
  return { editing, edit, save, remove, refresh };
}

interface FormProps<T extends FieldValues, O> {
  /** What a row is, as in "tag": "New tag", "Save tag". */
  what: string;
  /** The row edited, or none for a new one. */
  item: { name: string } | undefined;
  form: UseFormReturn<T, unknown, O>;
  onSave: (body: O) => Promise<unknown>;
  onCancel: () => void;
  /** Where the API's name for a field differs from the form's (see showProblem). */
  fields?: ProblemOptions<T>["fields"];
  children: ReactNode;
}

/** A row's form: its fields, titled by what it does, with the refusal and the buttons under them. */
export function RowForm<T extends FieldValues, O>({ what, item, form, onSave, onCancel, fields, children }: FormProps<T, O>) {
  const title = item ? `Edit ${item.name}` : `New ${what}`;
  return (
    <ApiForm form={form} onSubmit={onSave} fields={fields} className="panel" aria-label={title}>
      <h3 className="panel-title">{title}</h3>
      {children}
      <FormAlert />
      <FormActions label={item ? `Save ${what}` : `Create ${what}`} onCancel={onCancel} />
    </ApiForm>
  );
}

interface RowProps {
  name: string;
  onEdit: () => void;
  /** The confirming button's text, as in "Delete the tag". */
  confirm: string;
  onDelete: () => void;
  /** What deleting does, said in the confirmation. */
  children: ReactNode;
  /** The row's own buttons, before Edit. */
  before?: ReactNode;
}

export function RowActions({ name, onEdit, confirm, onDelete, children, before }: RowProps) {
  return (
    <div className="actions">
      {before}
      <button type="button" className="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </button>
      <ConfirmButton label="Delete" ariaLabel={`Delete ${name}`} title={`Delete ${name}?`} confirm={confirm} onConfirm={onDelete}>
        {children}
      </ConfirmButton>
    </div>
  );
}

interface SectionProps<T extends { id: string }> {
  /** The section's heading, as in "Tags". */
  title: string;
  /** What loads, as in "tags" ("Loading tags…"). */
  what: string;
  /** One of them, as in "tag" ("New tag"). */
  one: string;
  read: Read<{ data: T[] }>;
  /** The refusal of the last write shown above the list, if any. */
  error: unknown;
  /** What an empty list says; left out, an empty list is shown as one. */
  empty?: ReactNode;
  /** Statuses and boards are ordered lists (the roadmap's order, the portal's); tags are not. */
  ordered?: boolean;
  rows: { editing: Editing; edit: (id: Editing) => void };
  /** A row as shown: what it is, and its actions. */
  row: (item: T, index: number, all: T[]) => ReactNode;
  /** The form of a row, or of a new one (no item). */
  form: (item: T | undefined) => ReactNode;
}

/**
 * One list of Settings → Boards: its heading, the last refusal, the rows (the one being edited as
 * its form in place), and "New …" under them.
 */
export function RowsSection<T extends { id: string }>({ title, what, one, read, error, empty, ordered, rows, row, form }: SectionProps<T>) {
  const titleId = useId();
  const List = ordered ? "ol" : "ul";
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <ErrorAlert error={error} />
      <QueryState query={read} what={what} isEmpty={empty ? (page) => page.data.length === 0 : undefined} empty={empty}>
        {(page) => (
          <List className="rows">
            {page.data.map((item, index) =>
              rows.editing === item.id ? (
                <li key={item.id}>{form(item)}</li>
              ) : (
                <li key={item.id} className="row">
                  {row(item, index, page.data)}
                </li>
              ),
            )}
          </List>
        )}
      </QueryState>
      <NewItem open={rows.editing === "new"} label={`New ${one}`} onOpen={() => rows.edit("new")}>
        {form(undefined)}
      </NewItem>
    </section>
  );
}

/** The form of a new one once asked for, else the button that asks. */
function NewItem({ open, label, onOpen, children }: { open: boolean; label: string; onOpen: () => void; children: ReactNode }) {
  if (open) return children;
  return (
    <button type="button" onClick={onOpen}>
      {label}
    </button>
  );
}
