import { FormActions } from "../../../ui/FormActions.js";
import { type FormEvent, useId, useState } from "react";
import { problemOf } from "../../../api.js";
import { Field, FormError } from "../../../ui/Field.js";
import { TIME_ZONE } from "../../../ui/format.js";
import { type Access, PRESETS, type PresetId, RESOURCES, type Scope, scopesOf } from "./permissions.js";

// Creating a key: a name, a permission set (a preset or read / write per resource), and an
// optional expiry and rate limit. The server decides what is allowed: an admin's key may not hold
// `*` or members:write, and its refusal is shown as the server words it.

export interface NewKey {
  name: string;
  scopes: Scope[];
  expiresAt?: string | null;
  rateLimitPerMinute?: number | null;
}

interface Props {
  isOwner: boolean;
  pending: boolean;
  error: unknown;
  onCreate: (key: NewKey) => void;
  onCancel: () => void;
}

/** The end of the chosen day in the person's own time zone, as the API's ISO instant. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

export function CreateKeyForm({ isOwner, pending, error, onCreate, onCancel }: Props) {
  const ids = { presets: useId(), custom: useId() };
  const [preset, setPreset] = useState<PresetId>("posts-read");
  const [access, setAccess] = useState<Record<string, Access>>({});
  const problem = error ? problemOf(error) : null;
  const scopesError = Object.entries(problem?.fields ?? {}).find(([name]) => name.startsWith("scopes"))?.[1];
  // Only an owner may mint what could change ownership or sign-in (`*`, members:write, workspace:write).
  const ownerOnly = (id: PresetId) => id === "full" && !isOwner;
  const ownerOnlyWrite = (resource: string) => !isOwner && (resource === "members" || resource === "workspace");
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get("expires") ?? "");
    const limit = String(form.get("rateLimit") ?? "").trim();
    onCreate({
      name: String(form.get("name")).trim(),
      scopes: preset === "custom" ? scopesOf(access) : [...PRESETS.find((p) => p.id === preset)!.scopes],
      ...(expires ? { expiresAt: endOfDay(expires) } : {}),
      ...(limit ? { rateLimitPerMinute: Number(limit) } : {}),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-label="New API key">
      <h2 className="panel-title">New API key</h2>
      <Field
        label="Name"
        name="name"
        required
        maxLength={100}
        placeholder="Deploy bot"
        hint="Who or what uses it, to recognise it later."
        error={problem?.fields.name}
      />
      <fieldset aria-describedby={scopesError ? `${ids.presets}-error` : undefined}>
        <legend>Permissions</legend>
        {PRESETS.map((p) => (
          <label key={p.id} className="choice">
            <input type="radio" name="preset" value={p.id} checked={preset === p.id} onChange={() => setPreset(p.id)} disabled={ownerOnly(p.id)} />
            <span>
              <strong>{p.label}</strong> <span className="muted">{ownerOnly(p.id) ? "Only an owner can create a full-access key." : p.hint}</span>
            </span>
          </label>
        ))}
        {scopesError && (
          <p id={`${ids.presets}-error`} className="error">
            {scopesError}
          </p>
        )}
      </fieldset>
      {preset === "custom" && (
        <fieldset>
          <legend>Access per resource</legend>
          <div className="access-grid">
            {RESOURCES.map((r) => (
              <div key={r.id} className="access-row">
                <label htmlFor={`${ids.custom}-${r.id}`}>{r.label}</label>
                <select
                  id={`${ids.custom}-${r.id}`}
                  value={access[r.id] ?? "none"}
                  onChange={(event) => setAccess({ ...access, [r.id]: event.target.value as Access })}
                >
                  <option value="none">No access</option>
                  <option value="read">Read</option>
                  <option value="write" disabled={ownerOnlyWrite(r.id)}>
                    {ownerOnlyWrite(r.id) ? "Read and write (owners only)" : "Read and write"}
                  </option>
                </select>
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <Field
        label="Expires (optional)"
        name="expires"
        type="date"
        hint={`At the end of that day, ${TIME_ZONE} time. Empty: never.`}
        error={problem?.fields.expiresAt}
      />
      <Field
        label="Rate limit per minute (optional)"
        name="rateLimit"
        type="number"
        min={1}
        inputMode="numeric"
        hint="Empty: the workspace's limit."
        error={problem?.fields.rateLimitPerMinute}
      />
      <FormError problem={problem} />
      <FormActions pending={pending} label="Create key" pendingLabel="Creating…" onCancel={onCancel} />
    </form>
  );
}
