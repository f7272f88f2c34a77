import { FormActions } from "../../../ui/FormActions.js";
import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api, problemOf, unwrap } from "../../../api.js";
import { Field, FormError } from "../../../ui/Field.js";
import { useCurrentWorkspace } from "../../../role.js";

// The workspace's settings that are not secrets: its name, who may read the portal, which sites
// may call the customer-facing API, whether identify must be proven, and its limits. Identity
// verification is on for new workspaces; turning it off is an owner's alone (the API refuses an
// admin), so an admin sees the switch locked while it is on, and everyone sees a warning while off.

type Workspace = Schemas["Workspace"];

export function SettingsForm({ workspace }: { workspace: Workspace }) {
  const queries = useQueryClient();
  const ids = { visibility: useId(), origins: useId(), verification: useId() };
  const [saved, setSaved] = useState(false);
  const [verifying, setVerifying] = useState(workspace.identityVerification);
  const isOwner = useCurrentWorkspace()?.role === "owner";
  // Locked for an admin once on: they may turn it on, not off.
  const verificationLocked = !isOwner && workspace.identityVerification;
  const save = useMutation({
    mutationFn: async (body: Schemas["UpdateWorkspace"]) => unwrap(await api.PATCH("/workspace", { body })),
    onSuccess: (answer) => {
      queries.setQueryData(["workspace"], answer);
      // The switcher and overview show the name.
      queries.invalidateQueries({ queryKey: ["session"] });
      setSaved(true);
    },
  });
  const problem = save.error ? problemOf(save.error) : null;
  const originErrors = Object.entries(problem?.fields ?? {}).filter(([name]) => name.startsWith("allowedOrigins"));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const number = (name: string) => {
      const raw = String(form.get(name)).trim();
      return raw === "" ? null : Number(raw);
    };
    save.mutate({
      name: String(form.get("name")).trim(),
      portalVisibility: String(form.get("portalVisibility")) as Workspace["portalVisibility"],
      // A locked switch is not sent: a disabled checkbox would read as "off".
      identityVerification: verificationLocked ? undefined : form.get("identityVerification") === "on",
      allowedOrigins: String(form.get("allowedOrigins"))
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      rateLimitPerMinute: number("rateLimitPerMinute"),
      portalPostsPerHour: number("portalPostsPerHour"),
      portalLogoUrl: String(form.get("portalLogoUrl")).trim() || null,
      portalAccentColor: String(form.get("portalAccentColor")).trim() || null,
      portalGuestAccess: form.get("portalGuestAccess") === "on",
      // An owner's rule: sent only when it changes, so an admin's save never touches it.
      ...(isOwner && (form.get("requireTwoFactor") === "on") !== workspace.requireTwoFactor ? { requireTwoFactor: form.get("requireTwoFactor") === "on" } : {}),
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Workspace settings">
      <Field label="Name" name="name" required maxLength={100} defaultValue={workspace.name} error={problem?.fields.name} />
      <div className="field">
        <label htmlFor={ids.visibility}>Portal</label>
        <select id={ids.visibility} name="portalVisibility" defaultValue={workspace.portalVisibility}>
          <option value="public">Public: anyone may read it, search engines may list it</option>
          <option value="private">Private: only identified end users may read it</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.origins}>Allowed origins</label>
        <p id={`${ids.origins}-hint`} className="hint">
          One per line: the sites whose pages may call Heed's customer-facing API (the widget), as <code>https://app.example.com</code>, or <code>*</code> for
          any.
        </p>
        <textarea
          id={ids.origins}
          name="allowedOrigins"
          rows={3}
          defaultValue={workspace.allowedOrigins.join("\n")}
          aria-invalid={originErrors.length > 0 ? true : undefined}
          aria-describedby={`${ids.origins}-hint${originErrors.length > 0 ? ` ${ids.origins}-error` : ""}`}
        />
        {originErrors.length > 0 && (
          <p id={`${ids.origins}-error`} className="error">
            {originErrors.map(([name, detail]) => `Line ${Number(name.split("/")[1]) + 1}: ${detail}`).join(" ")}
          </p>
        )}
      </div>
      <label className="choice">
        <input
          type="checkbox"
          name="identityVerification"
          checked={verifying}
          onChange={(event) => setVerifying(event.currentTarget.checked)}
          disabled={verificationLocked}
          aria-describedby={`${ids.verification}-note`}
        />
        <span>
          <strong>Identity verification</strong>{" "}
          <span className="muted">
            Identify calls must carry a userHash (HMAC-SHA256 of the user id, computed on your server with the identity secret) or a JWT signed with it, so
            nobody can pose as your users.
          </span>
        </span>
      </label>
      <div id={`${ids.verification}-note`}>
        {!isOwner && <p className="muted">Only an owner can turn identity verification off.</p>}
        {!verifying && (
          <p className="warning" role="alert">
            <strong>Identity verification is off.</strong> Anyone who has your public key (it is in your pages) can identify as any of your users, then vote,
            post and comment as them. Turn it on once your server signs identify calls.
          </p>
        )}
      </div>
      <Field
        label="Rate limit per minute (optional)"
        name="rateLimitPerMinute"
        type="number"
        min={1}
        defaultValue={workspace.rateLimitPerMinute ?? ""}
        hint="Requests per minute per credential. Empty: the server's default."
        error={problem?.fields.rateLimitPerMinute}
      />
      <Field
        label="Portal posts per hour (optional)"
        name="portalPostsPerHour"
        type="number"
        min={1}
        defaultValue={workspace.portalPostsPerHour ?? ""}
        hint="Ideas one end user may submit through the portal in an hour. Empty: no cap."
        error={problem?.fields.portalPostsPerHour}
      />
      <Field
        label="Portal logo (optional)"
        name="portalLogoUrl"
        type="url"
        maxLength={2000}
        defaultValue={workspace.portalLogoUrl ?? ""}
        hint="An https address of an image, shown beside the name at the top of the portal."
        error={problem?.fields.portalLogoUrl}
      />
      <Field
        label="Portal accent colour (optional)"
        name="portalAccentColor"
        maxLength={7}
        placeholder="#3b4fd8"
        defaultValue={workspace.portalAccentColor ?? ""}
        hint="As #rrggbb: the portal's buttons take it, and its links where it reads well. Empty: Heed's."
        error={problem?.fields.portalAccentColor}
      />
      <label className="choice">
        <input type="checkbox" name="portalGuestAccess" defaultChecked={workspace.portalGuestAccess} />
        <span>
          <strong>Guests on the portal</strong>{" "}
          <span className="muted">
            Readers may sign in with a name and an email that nobody checks. Guests are end users with the id guest:&lt;email&gt; and the trait guest: true, so
            you can tell them apart.
          </span>
        </span>
      </label>
      <label className="choice">
        <input type="checkbox" name="requireTwoFactor" defaultChecked={workspace.requireTwoFactor} disabled={!isOwner} />
        <span>
          <strong>Require two-factor sign-in</strong>{" "}
          <span className="muted">
            Every member's session must have passed a code from an authenticator app (or your single sign-on) to open this workspace; API keys are not affected.{" "}
            {isOwner ? "Turn it on for yourself first, under Your sessions." : "Only an owner can change this."}
          </span>
        </span>
      </label>
      <FormError problem={problem} />
      <FormActions pending={save.isPending} label="Save settings" />
      <p role="status" className="muted">
        {saved ? "Settings saved." : ""}
      </p>
    </form>
  );
}
