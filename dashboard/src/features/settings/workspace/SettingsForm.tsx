import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { z } from "zod";
import { api, unwrap } from "../../../api.js";
import { useCurrentWorkspace } from "../../../role.js";
import { ApiForm } from "../../../ui/form/ApiForm.js";
import { FormAlert } from "../../../ui/form/FormAlert.js";
import { FormField, FormSelect, FormTextArea } from "../../../ui/form/FormField.js";
import { useApiForm } from "../../../ui/form/useApiForm.js";
import { FormActions } from "../../../ui/FormActions.js";
import { accountKeys } from "../../../data/account.js";
import { workspaceQuery } from "./queries.js";
import { LANGUAGE_NAMES, LANGUAGES } from "../../../../../packages/shared/src/languages.js";
import { settingsSchema } from "./schemas.js";

// The workspace's settings that are not secrets: its name, its portal's address, who may read the
// portal, which sites may call the customer-facing API, whether identify must be proven, and its
// limits. Identity verification is on for new workspaces; turning it off is an owner's alone (the
// API refuses an admin), so an admin sees the switch locked while it is on, and everyone sees a
// warning while off.

type Workspace = Schemas["Workspace"];

/** An origin's error by its line, as the person typed them: `allowedOrigins/1` is line 2. */
const byLine = (pointer: string, detail: string) => (pointer.startsWith("allowedOrigins/") ? `Line ${Number(pointer.split("/")[1]) + 1}: ${detail}` : detail);

export function SettingsForm({ workspace }: { workspace: Workspace }) {
  const queries = useQueryClient();
  const verificationNote = useId();
  const [saved, setSaved] = useState(false);
  const isOwner = useCurrentWorkspace()?.role === "owner";
  // Locked for an admin once on: they may turn it on, not off.
  const verificationLocked = !isOwner && workspace.identityVerification;
  const form = useApiForm(settingsSchema, {
    defaultValues: {
      name: workspace.name,
      slug: workspace.slug,
      portalVisibility: workspace.portalVisibility,
      identityVerification: workspace.identityVerification,
      allowedOrigins: workspace.allowedOrigins.join("\n"),
      rateLimitPerMinute: String(workspace.rateLimitPerMinute ?? ""),
      portalPostsPerHour: String(workspace.portalPostsPerHour ?? ""),
      notificationWindowSeconds: String(workspace.notificationWindowSeconds ?? ""),
      portalLogoUrl: workspace.portalLogoUrl ?? "",
      portalAccentColor: workspace.portalAccentColor ?? "",
      portalLanguage: workspace.portalLanguage,
      portalGuestAccess: workspace.portalGuestAccess,
      authorVotes: workspace.authorVotes,
      moderation: workspace.moderation,
      requireTwoFactor: workspace.requireTwoFactor,
    },
  });
  const verifying = form.watch("identityVerification");
  const save = useMutation({
    mutationFn: async (body: Schemas["UpdateWorkspace"]) => unwrap(await api.PATCH("/workspace", { body })),
    onSuccess: (answer) => {
      queries.setQueryData(workspaceQuery().queryKey, answer);
      // The switcher and overview show the name.
      queries.invalidateQueries({ queryKey: accountKeys.session });
      setSaved(true);
    },
  });
  const send = ({ identityVerification, requireTwoFactor, ...settings }: z.output<typeof settingsSchema>) => {
    setSaved(false);
    return save.mutateAsync({
      ...settings,
      // A locked switch is not sent: a disabled checkbox would read as "off".
      ...(verificationLocked ? {} : { identityVerification }),
      // An owner's rule: sent only when it changes, so an admin's save never touches it.
      ...(isOwner && requireTwoFactor !== workspace.requireTwoFactor ? { requireTwoFactor } : {}),
    });
  };
  return (
    <ApiForm form={form} onSubmit={send} describe={byLine} aria-label="Workspace settings">
      <FormField name="name" label="Name" required maxLength={100} />
      <FormField
        name="slug"
        label="Portal address"
        required
        maxLength={48}
        autoComplete="off"
        spellCheck={false}
        hint={
          <>
            The last part of <code>{`${window.location.origin}/p/…`}</code>: lowercase letters, digits and dashes. After a change the old address sends visitors
            on to the new one (links in mails already sent, bookmarks, the widget), and no other workspace can take it.
          </>
        }
      />
      <FormSelect name="portalVisibility" label="Portal">
        <option value="public">Public: anyone may read it, search engines may list it</option>
        <option value="private">Private: only identified end users may read it</option>
      </FormSelect>
      <FormTextArea
        name="allowedOrigins"
        label="Allowed origins"
        rows={3}
        hint={
          <>
            One per line: the sites whose pages may call Heed's customer-facing API (the widget), as <code>https://app.example.com</code>, or <code>*</code> for
            any.
          </>
        }
      />
      <label className="choice">
        <input type="checkbox" disabled={verificationLocked} aria-describedby={verificationNote} {...form.register("identityVerification")} />
        <span>
          <strong>Identity verification</strong>{" "}
          <span className="muted">
            Identify calls must carry a userHash (HMAC-SHA256 of the user id, computed on your server with the identity secret) or a JWT signed with it, so
            nobody can pose as your users.
          </span>
        </span>
      </label>
      <div id={verificationNote}>
        {!isOwner && <p className="muted">Only an owner can turn identity verification off.</p>}
        {!verifying && (
          <p className="warning" role="alert">
            <strong>Identity verification is off.</strong> Anyone who has your public key (it is in your pages) can identify as any of your users, then vote,
            post and comment as them. Turn it on once your server signs identify calls.
          </p>
        )}
      </div>
      <FormField
        name="rateLimitPerMinute"
        label="Rate limit per minute (optional)"
        type="number"
        min={1}
        hint="Requests per minute per credential. Empty: the server's default."
      />
      <FormField
        name="portalPostsPerHour"
        label="Portal posts per hour (optional)"
        type="number"
        min={1}
        hint="Ideas one end user may submit through the portal in an hour. Empty: no cap."
      />
      <FormField
        name="notificationWindowSeconds"
        label="Gather notification mail for, in seconds (optional)"
        type="number"
        min={0}
        max={86400}
        hint="Changes to what one person follows within this many seconds arrive as one mail; 0 sends each at once. Empty: the server's setting (120 unless NOTIFICATION_WINDOW_SECONDS says otherwise)."
      />
      <FormField
        name="portalLogoUrl"
        label="Portal logo (optional)"
        type="url"
        maxLength={2000}
        hint="An https address of an image, shown beside the name at the top of the portal."
      />
      <FormField
        name="portalAccentColor"
        label="Portal accent colour (optional)"
        maxLength={7}
        placeholder="#3b4fd8"
        hint="As #rrggbb: the portal's buttons take it, and its links where it reads well. Empty: Heed's."
      />
      <FormSelect
        name="portalLanguage"
        label="Portal language"
        hint="What the portal, the widget and mail to your customers speak when a reader has chosen no language and their browser asks for none Heed speaks."
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </FormSelect>
      <label className="choice">
        <input type="checkbox" {...form.register("portalGuestAccess")} />
        <span>
          <strong>Guests on the portal</strong>{" "}
          <span className="muted">
            Readers may sign in with a name and an email that nobody checks. Guests are end users with the id guest:&lt;email&gt; and the trait guest: true, so
            you can tell them apart.
          </span>
        </span>
      </label>
      <label className="choice">
        <input type="checkbox" {...form.register("authorVotes")} />
        <span>
          <strong>Authors vote for their own ideas</strong>{" "}
          <span className="muted">An idea an end user posts on the portal or in the widget starts with their vote; a held idea gets it when approved.</span>
        </span>
      </label>
      <FormSelect
        name="moderation"
        label="Moderation"
        hint="What end users post and comment through the portal and the widget can wait in the inbox's Held for approval view until the team approves it. Signs of spam (many links, repeated text, a burst from one person or address) are marked in every mode."
      >
        <option value="off">Off: everything appears at once</option>
        <option value="likely_spam">Likely spam waits for approval</option>
        <option value="all">Every post and comment waits for approval</option>
      </FormSelect>
      <label className="choice">
        <input type="checkbox" disabled={!isOwner} {...form.register("requireTwoFactor")} />
        <span>
          <strong>Require two-factor sign-in</strong>{" "}
          <span className="muted">
            Every member's session must have passed a code from an authenticator app (or your single sign-on) to open this workspace; API keys are not affected.{" "}
            {isOwner ? "Turn it on for yourself first, under Your sessions." : "Only an owner can change this."}
          </span>
        </span>
      </label>
      <FormAlert />
      <FormActions label="Save settings" />
      <p role="status" className="muted">
        {saved ? "Settings saved." : ""}
      </p>
    </ApiForm>
  );
}
