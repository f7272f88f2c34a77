import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api.js";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormAlert } from "../../ui/form/FormAlert.js";
import { FormField, FormSelect } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { FormActions } from "../../ui/FormActions.js";
import { Panel } from "../../ui/Panel.js";
import { ErrorAlert, Loaded } from "../../ui/QueryState.js";
import { integrationKeys, integrationsQuery, issueLinksQuery, type IssueLink, PROVIDER_NAMES, targetsQuery } from "../../data/integrations.js";
import { issueLinkSchema } from "./schemas.js";

// The post's issues in GitHub or Linear: created from the post or linked, with the state each is
// in (which moves the post through the integration's mapping). Shown when a tracker is connected.

function Targets({ integrationId }: { integrationId: string }) {
  const targets = useQuery({ ...targetsQuery(integrationId), enabled: integrationId !== "" });
  if (!integrationId) return null;
  return (
    <Loaded read={targets} what="repositories and teams">
      {targets.data && (
        <FormSelect name="target" label="Repository or team">
          <option value="">Choose…</option>
          {targets.data.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </FormSelect>
      )}
    </Loaded>
  );
}

function LinkForm({ postId, trackers, onDone }: { postId: string; trackers: { id: string; name: string }[]; onDone: () => void }) {
  const queries = useQueryClient();
  const form = useApiForm(issueLinkSchema, {
    defaultValues: { integrationId: trackers.length === 1 ? trackers[0]!.id : "", mode: "create", target: "", title: "", reference: "" },
  });
  const [mode, integrationId] = form.watch(["mode", "integrationId"]);
  const save = async (body: { integrationId: string; create?: { target: string; title?: string }; reference?: string }) => {
    unwrap(await api.POST("/posts/{id}/issues", { params: { path: { id: postId } }, body }));
    queries.invalidateQueries({ queryKey: integrationKeys.links(postId) });
    onDone();
  };
  return (
    <ApiForm form={form} onSubmit={save} aria-label="Link an issue">
      {trackers.length > 1 && (
        <FormSelect name="integrationId" label="Tracker">
          <option value="">Choose…</option>
          {trackers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </FormSelect>
      )}
      <fieldset>
        <legend>Issue</legend>
        <label className="choice">
          <input type="radio" value="create" {...form.register("mode")} /> Create a new issue
        </label>
        <label className="choice">
          <input type="radio" value="link" {...form.register("mode")} /> Link an existing one
        </label>
      </fieldset>
      {mode === "create" ? (
        <>
          <Targets integrationId={integrationId} />
          <FormField name="title" label="Title (the post's by default)" maxLength={300} />
        </>
      ) : (
        <FormField name="reference" label="Issue" placeholder="acme/app#12, ENG-12 or its URL" />
      )}
      <FormAlert />
      <FormActions label={mode === "create" ? "Create issue" : "Link issue"} onCancel={onDone} />
    </ApiForm>
  );
}

function LinkRow({ link, postId }: { link: IssueLink; postId: string }) {
  const queries = useQueryClient();
  const unlink = useMutation({
    mutationFn: async () => unwrap(await api.DELETE("/posts/{id}/issues/{linkId}", { params: { path: { id: postId, linkId: link.id } } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: integrationKeys.links(postId) }),
  });
  const name = link.issue?.key ?? `${PROVIDER_NAMES[link.provider]} issue`;
  return (
    <li>
      {link.issue ? (
        <a href={link.issue.url} target="_blank" rel="noreferrer">
          {link.issue.key}
        </a>
      ) : (
        <span>{name}</span>
      )}{" "}
      {link.state === "pending" && (
        <span className="badge" role="status">
          being {link.issue ? "linked" : "made"}…
        </span>
      )}
      {link.state === "linked" && link.issue && <span className="badge good">{link.issue.state.replace(/_/g, " ")}</span>}
      {link.state === "failed" && <span className="badge bad">failed</span>}
      {link.issue && <div className="muted">{link.issue.title}</div>}
      {link.error && <div className="error">{link.error}</div>}
      <button type="button" className="link" aria-label={`Unlink ${name}`} onClick={() => unlink.mutate()} disabled={unlink.isPending}>
        Unlink
      </button>
      <ErrorAlert error={unlink.error} lead="Not unlinked." />
    </li>
  );
}

export function LinkedIssues({ postId }: { postId: string }) {
  const integrations = useQuery(integrationsQuery());
  const links = useQuery(issueLinksQuery(postId));
  const [adding, setAdding] = useState(false);
  const trackers = (integrations.data?.data ?? []).filter((i) => i.provider !== "slack" && i.enabled).map((i) => ({ id: i.id, name: i.name }));
  // Nothing to offer without a tracker, unless links made before are still here to see.
  if (trackers.length === 0 && !links.data?.data.length) return null;
  return (
    <Panel title="Linked issues">
      <Loaded read={links} what="linked issues">
        {links.data &&
          (links.data.data.length === 0 ? (
            <p className="muted">None yet. When a linked issue closes, this post can move with it.</p>
          ) : (
            <ul className="issue-links">
              {links.data.data.map((link) => (
                <LinkRow key={link.id} link={link} postId={postId} />
              ))}
            </ul>
          ))}
      </Loaded>
      {trackers.length > 0 &&
        (adding ? (
          <LinkForm postId={postId} trackers={trackers} onDone={() => setAdding(false)} />
        ) : (
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            Create or link an issue
          </button>
        ))}
    </Panel>
  );
}
