import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ApiForm } from "../../ui/form/ApiForm.js";
import { FormField } from "../../ui/form/FormField.js";
import { useApiForm } from "../../ui/form/useApiForm.js";
import { signOnRedirect } from "./next-page.js";
import { signInOptionsQuery } from "../../data/account.js";
import { workspaceSlugSchema } from "./schemas.js";

// The sign-in page's single sign-on: the server's provider, or a workspace's own once the person
// names their workspace (kept in the address, `?workspace=acme`, so a team can share that link).

/** `next`: the page of the dashboard to open once signed in, as pageAfterSignIn checked it. */
export function SingleSignOn({ next }: { next: string }) {
  const [params, setParams] = useSearchParams();
  const workspace = params.get("workspace") ?? undefined;
  const options = useQuery(signInOptionsQuery(workspace));
  const form = useApiForm(workspaceSlugSchema, { defaultValues: { workspace: workspace ?? "" } });
  const find = ({ workspace: slug }: { workspace: string }) => {
    const nextParams = new URLSearchParams(params);
    if (slug) nextParams.set("workspace", slug);
    else nextParams.delete("workspace");
    setParams(nextParams, { replace: true });
  };
  const buttons = options.data?.singleSignOn ?? [];
  const withRedirect = (url: string) => (next === "/" ? url : `${url}${url.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(signOnRedirect(next))}`);
  return (
    <section className="single-sign-on" aria-label="Single sign-on">
      {buttons.map((b) => (
        <a key={b.url} className="button secondary" href={withRedirect(b.url)}>
          Sign in with {b.label}
        </a>
      ))}
      {workspace && options.isSuccess && buttons.length === 0 && <p className="muted">The workspace “{workspace}” has no single sign-on here.</p>}
      <details open={Boolean(workspace) || undefined}>
        <summary>Your company's single sign-on</summary>
        <ApiForm form={form} onSubmit={find} className="inline-form">
          <FormField name="workspace" label="Workspace" hint="As in your portal's address: /p/acme is “acme”." autoComplete="organization" maxLength={48} />
          <button type="submit" className="secondary">
            Find it
          </button>
        </ApiForm>
      </details>
    </section>
  );
}
