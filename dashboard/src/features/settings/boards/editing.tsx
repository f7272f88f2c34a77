import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { ConfirmButton } from "../../../ui/Confirm.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormActions } from "../../../ui/FormActions.js";

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
  children: ReactNode;
}

/** A row's form: its fields, titled by what it does, with the refusal and the buttons under them. */
export function RowForm<T extends FieldValues, O>({ what, item, form, onSave, onCancel, children }: FormProps<T, O>) {
  const title = item ? `Edit ${item.name}` : `New ${what}`;
  return (
    <ApiForm form={form} onSubmit={onSave} className="panel" aria-label={title}>
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

/** The form of a new one once asked for, else the button that asks. */
export function NewItem({ open, label, onOpen, children }: { open: boolean; label: string; onOpen: () => void; children: ReactNode }) {
  if (open) return children;
  return (
    <button type="button" onClick={onOpen}>
      {label}
    </button>
  );
}
