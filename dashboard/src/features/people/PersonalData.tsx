import type { Schemas } from "@heed/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, problemOf, unwrap } from "../../api.js";
import { ConfirmButton } from "../../ui/Confirm.js";
import { counted } from "../../ui/format.js";
import { Panel } from "../../ui/Panel.js";
import { userKeys } from "../../data/users.js";

// A person's data requests, from their page: download everything Heed holds about them (GET
// /v1/users/{id}/export) as a file, or erase it (POST /v1/users/{id}/erase) after a confirmation
// that says what goes and what stays.

type Erasure = Schemas["EndUserErasure"];

/** Saves the document as a file the browser downloads: nothing is sent anywhere else. */
function saveAsFile(name: string, document: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: "application/json" }));
  const link = Object.assign(window.document.createElement("a"), { href: url, download: name });
  link.click();
  // Revoked once the browser has started the download, not before.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function PersonalData({ user, onErased }: { user: Schemas["EndUser"]; onErased: (erasure: Erasure) => void }) {
  const queries = useQueryClient();
  const download = useMutation({
    mutationFn: async () => unwrap(await api.GET("/users/{id}/export", { params: { path: { id: user.id } } })),
    onSuccess: (document) => saveAsFile(`${user.id}.json`, document),
  });
  const erase = useMutation({
    mutationFn: async () => unwrap(await api.POST("/users/{id}/erase", { params: { path: { id: user.id } } })),
    onSuccess: (erasure) => {
      onErased(erasure);
      // Their row answers 404 now, and every list that showed them is stale.
      queries.removeQueries({ queryKey: userKeys.detail(user.id) });
      void queries.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const failed = download.error ?? erase.error;
  return (
    <Panel title="Their data">
      <p className="muted">For a request from the person: everything Heed holds about them, or its erasure.</p>
      <div className="actions">
        <button type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? "Preparing…" : "Download their data"}
        </button>
        <ConfirmButton label="Erase…" title={`Erase ${user.name ?? user.email ?? user.externalId}?`} confirm="Erase their data" run={erase}>
          <p>
            Their name, email, avatar, traits, company and your id for them are erased, with their tracked events, notifications and portal sessions, and every
            copy in webhook events, deliveries and the audit log; the workspace's kept exports are deleted too. This cannot be undone.
          </p>
          <p>Their votes still count, and their posts and comments stay, without a name.</p>
        </ConfirmButton>
      </div>
      {failed && (
        <p className="error" role="alert">
          {problemOf(failed).detail}
        </p>
      )}
    </Panel>
  );
}

/** What the page shows once the person is erased: what went, and the way back. */
export function Erased({ erasure }: { erasure: Erasure }) {
  const { removed, scrubbed } = erasure;
  const copies = scrubbed.events + scrubbed.deliveries + scrubbed.auditRows + scrubbed.notificationEvents;
  return (
    <section className="post-page" aria-labelledby="erased">
      <p className="breadcrumb">
        <Link to="/users">End users</Link>
      </p>
      <h1 id="erased">Their data was erased</h1>
      <p role="status">
        Removed {counted(removed.trackedEvents, "tracked event")}, {counted(removed.notifications, "notification")}, {counted(removed.follows, "follow")} and{" "}
        {counted(removed.portalSessions, "portal session")}; {counted(copies, "stored copy", "stored copies")} made anonymous. Their votes, posts and comments
        stay, without a name.
      </p>
      <p>
        <Link to="/users">Back to end users</Link>
      </p>
    </section>
  );
}
