/**
 * A browser's form post to `base` + `path`: same-origin (the portal refuses another origin's),
 * urlencoded, redirects left to the caller to read.
 */
export function postForm(base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}
