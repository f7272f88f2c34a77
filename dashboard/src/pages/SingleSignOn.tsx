import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { useSearchParams } from "react-router";
import { api, unwrap } from "../api.js";

// The sign-in page's single sign-on: the server's provider, or a workspace's own once the person
// names their workspace (kept in the address, `?workspace=acme`, so a team can share that link).

export function SingleSignOn({ next }: { next: string | null }) {
  const [params, setParams] = useSearchParams();
  const workspace = params.get("workspace") ?? undefined;
  const slugId = useId();
  const options = useQuery({
    queryKey: ["sign-in-options", workspace ?? ""],
    queryFn: async () => unwrap(await api.GET("/auth/sign-in-options", { params: { query: workspace ? { workspace } : {} } })),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const slug = String(new FormData(event.currentTarget).get("workspace")).trim();
    const nextParams = new URLSearchParams(params);
    if (slug) nextParams.set("workspace", slug);
    else nextParams.delete("workspace");
    setParams(nextParams, { replace: true });
  };
  const buttons = options.data?.singleSignOn ?? [];
  const withRedirect = (url: string) => (next ? `${url}${url.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(`/app${next}`)}` : url);
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
        <form onSubmit={onSubmit} className="inline-form">
          <label htmlFor={slugId}>Workspace</label>
          <p className="hint">As in your portal's address: /p/acme is “acme”.</p>
          <input id={slugId} name="workspace" defaultValue={workspace} autoComplete="organization" maxLength={48} />
          <button type="submit" className="secondary">
            Find it
          </button>
        </form>
      </details>
    </section>
  );
}
