import { useId } from "react";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { TIME_ZONE } from "../../../ui/format.js";
import { PRESETS, type PresetId, RESOURCES } from "./permissions.js";
import { type NewKey, newKeySchema } from "./schemas.js";

// Creating a key: a name, a permission set (a preset or read / write per resource), and an
// optional expiry and rate limit. The server decides what is allowed: an admin's key may not hold
// `*` or members:write, and its refusal is shown as the server words it.

export type { NewKey } from "./schemas.js";

interface Props {
  isOwner: boolean;
  /** Creates the key: a promise whose refusal the form shows. */
  onCreate: (key: NewKey) => Promise<unknown>;
  onCancel: () => void;
}

export function CreateKeyForm({ isOwner, onCreate, onCancel }: Props) {
  const ids = { presets: useId(), custom: useId() };
  const form = useApiForm(newKeySchema, {
    defaultValues: {
      name: "",
      preset: "posts-read",
      access: Object.fromEntries(RESOURCES.map((r) => [r.id, "none"])) as Record<(typeof RESOURCES)[number]["id"], "none">,
      expires: "",
      rateLimit: "",
    },
  });
  const preset = form.watch("preset");
  const scopesError = form.formState.errors.preset?.message;
  // Only an owner may mint what could change ownership or sign-in (`*`, members:write, workspace:write).
  const ownerOnly = (id: PresetId) => id === "full" && !isOwner;
  const ownerOnlyWrite = (resource: string) => !isOwner && (resource === "members" || resource === "workspace");
  return (
    <ApiForm
      form={form}
      onSubmit={onCreate}
      fields={{ scopes: "preset", expiresAt: "expires", rateLimitPerMinute: "rateLimit" }}
      className="panel"
      aria-label="New API key"
    >
      <h2 className="panel-title">New API key</h2>
      <FormField name="name" label="Name" required maxLength={100} placeholder="Deploy bot" hint="Who or what uses it, to recognise it later." />
      <fieldset aria-describedby={scopesError ? `${ids.presets}-error` : undefined}>
        <legend>Permissions</legend>
        {PRESETS.map((p) => (
          <label key={p.id} className="choice">
            <input type="radio" value={p.id} disabled={ownerOnly(p.id)} {...form.register("preset")} />
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
                <select id={`${ids.custom}-${r.id}`} {...form.register(`access.${r.id}`)}>
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
      <FormField name="expires" label="Expires (optional)" type="date" hint={`At the end of that day, ${TIME_ZONE} time. Empty: never.`} />
      <FormField name="rateLimit" label="Rate limit per minute (optional)" type="number" min={1} inputMode="numeric" hint="Empty: the workspace's limit." />
      <FormAlert />
      <FormActions label="Create key" pendingLabel="Creating…" onCancel={onCancel} />
    </ApiForm>
  );
}
