// Where a sign-in goes afterwards: the dashboard page named by `?next=` (a path under /app, with
// its query and hash), and never another site. `next` comes from the address bar, so anyone may
// have written it: it is read as a browser would read it against this origin, and anything that
// would leave the origin, or loop back to the sign-in page, opens the overview instead.

const HERE = "https://dashboard.invalid";

/** The page of the dashboard (relative to /app) that `next` names, or "/" when it names none. */
export function pageAfterSignIn(next: string | null): string {
  if (!next?.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(next, `${HERE}/`);
  } catch {
    return "/";
  }
  // `//host`, `/\host` and a tab or newline inside them all parse to another origin; `/.//host`
  // stays here but its path starts with `//`, which some readers take for a host.
  if (url.origin !== HERE || url.pathname.startsWith("//") || /^\/sign-in(\/|$)/.test(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

// What the server's single sign-on accepts as its way back (`redirect`): /app and plain path
// characters, no `//`. The hash never reaches a server, and so is left out.
const REDIRECT_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]/;

/** The `redirect` of single sign-on for a page of the dashboard: `/app` and the page, escaped as the server wants it. */
export function signOnRedirect(page: string): string {
  const address = `/app${page.replace(/#.*$/, "")}`.replace(/^\/app\/$/, "/app");
  const escaped = [...address].map((c) => (REDIRECT_CHARACTER.test(c) ? c : encodeURIComponent(c))).join("");
  return escaped.includes("//") ? "/app" : escaped;
}
