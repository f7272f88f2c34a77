import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api.js";
import { QueryState } from "../../ui/QueryState.js";
import { Keys } from "./workspace/Keys.js";
import { SettingsForm } from "./workspace/SettingsForm.js";
import { SingleSignOnSettings } from "./workspace/SingleSignOnSettings.js";

// Settings → Workspace: what the workspace is called and shows, how the customer's product
// connects (origins, keys, identity), its limits, and the team's single sign-on.

export function Workspace() {
  const workspace = useQuery({ queryKey: ["workspace"], queryFn: async () => unwrap(await api.GET("/workspace")) });
  return (
    <section>
      <h1>Workspace</h1>
      <QueryState query={workspace} what="the workspace's settings">
        {(w) => (
          <>
            <p className="muted">
              Portal: <code>/p/{w.slug}</code>
            </p>
            <SettingsForm workspace={w} />
            <Keys workspace={w} />
          </>
        )}
      </QueryState>
      <SingleSignOnSettings />
    </section>
  );
}
