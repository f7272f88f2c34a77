import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../ui/QueryState.js";
import { ExportWorkspace } from "./workspace/ExportWorkspace.js";
import { Keys } from "./workspace/Keys.js";
import { workspaceQuery } from "./workspace/queries.js";
import { SettingsForm } from "./workspace/SettingsForm.js";
import { SingleSignOnSettings } from "./workspace/SingleSignOnSettings.js";

// Settings → Workspace: what the workspace is called and shows, how the customer's product
// connects (origins, keys, identity), its limits, the team's single sign-on, and its export.

export function Workspace() {
  const workspace = useQuery(workspaceQuery());
  return (
    <section>
      <h1>Workspace</h1>
      <QueryState query={workspace} what="the workspace's settings">
        {(w) => (
          <>
            <p className="muted">
              Your portal, for your users: <a href={`/p/${w.slug}`}>{`${window.location.origin}/p/${w.slug}`}</a>
            </p>
            <SettingsForm workspace={w} />
            <Keys workspace={w} />
          </>
        )}
      </QueryState>
      <SingleSignOnSettings />
      <ExportWorkspace />
    </section>
  );
}
