import type { Schemas } from "@heed/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormCheckbox } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { QueryState } from "../../ui/QueryState.js";
import { boardsQuery } from "../../data/boards.js";
import { notificationKeys } from "../../data/notifications.js";
import { notificationSettingsQuery } from "./queries.js";
import { settingsSchema } from "./schemas.js";

// Settings → Notifications: what the signed-in member hears, in the dashboard and by mail, and the
// boards whose new posts they hear of. Every member has this page; it is about them alone.

const KINDS = [
  { kind: "new_post", label: "New posts on the boards I follow" },
  { kind: "commented", label: "Comments on posts I follow" },
  { kind: "mentioned", label: "Mentions of me" },
  { kind: "assigned", label: "Posts assigned to me" },
] as const;

type Settings = Schemas["NotificationSettings"];

function SettingsForm({ settings, boards }: { settings: Settings; boards: { id: string; name: string }[] }) {
  const queries = useQueryClient();
  const form = useApiForm(settingsSchema, { defaultValues: { kinds: settings.kinds, boards: settings.boards } });
  const save = useMutation({
    mutationFn: async (body: Schemas["UpdateNotificationSettings"]) => unwrap(await api.PATCH("/notifications/settings", { body })),
    onSuccess: (saved) => {
      queries.setQueryData(notificationKeys.settings(), saved);
      form.reset({ kinds: saved.kinds, boards: saved.boards });
    },
  });
  return (
    <ApiForm form={form} onSubmit={(values) => save.mutateAsync(values)} aria-label="What I hear">
      <table className="choices">
        <caption className="visually-hidden">What I hear, and where</caption>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">In the dashboard</th>
            <th scope="col">By mail</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map(({ kind, label }) => (
            <tr key={kind}>
              <th scope="row">{label}</th>
              <td>
                <FormCheckbox name={`kinds.${kind}.inApp`} aria-label={`${label}: in the dashboard`}>
                  <span className="visually-hidden">In the dashboard</span>
                </FormCheckbox>
              </td>
              <td>
                <FormCheckbox name={`kinds.${kind}.email`} aria-label={`${label}: by mail`} disabled={!settings.mail.enabled}>
                  <span className="visually-hidden">By mail</span>
                </FormCheckbox>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset>
        <legend>Boards I follow</legend>
        {boards.length === 0 ? (
          <p className="muted">No boards yet.</p>
        ) : (
          boards.map((b) => (
            <FormCheckbox key={b.id} name="boards" value={b.id}>
              {b.name}
            </FormCheckbox>
          ))
        )}
      </fieldset>
      <FormAlert />
      {save.isSuccess && !form.formState.isDirty && <p role="status">Saved.</p>}
      <div className="actions">
        <button type="submit" disabled={form.formState.isSubmitting}>
          Save
        </button>
      </div>
    </ApiForm>
  );
}

export function NotificationSettings() {
  const settings = useQuery(notificationSettingsQuery());
  const boards = useQuery(boardsQuery());
  return (
    <section>
      <h1>Notifications</h1>
      {settings.data && !settings.data.mail.enabled && (
        <p className="notice" role="note">
          This server sends no mail: notifications show here in the dashboard only. Whoever runs Heed turns mail on by setting <code>SMTP_URL</code>.
        </p>
      )}
      <QueryState query={settings} what="your notification settings">
        {(s) => (
          <QueryState query={boards} what="boards">
            {(b) => <SettingsForm settings={s} boards={b.data} />}
          </QueryState>
        )}
      </QueryState>
    </section>
  );
}
