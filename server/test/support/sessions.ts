import type { Harness, TestWorkspace } from "./harness.js";
import { makeMembers } from "./members.js";

// A dashboard session as a browser holds it: the cookie, the CSRF token, and the Origin of Heed's
// own pages (the harness serves PUBLIC_URL http://heed.test).

export const PASSWORD = "correct horse battery staple";
export const HEED_ORIGIN = "http://heed.test";

export interface TestSession {
  memberId: string;
  email: string;
  cookie: string;
  csrfToken: string;
  /** Headers of a same-origin write with this session: cookie, CSRF token, Origin. */
  headers: Record<string, string>;
  /** Headers of a read: the cookie alone. */
  cookieOnly: Record<string, string>;
}

export async function signedIn(h: Harness, ws: TestWorkspace, role: "owner" | "admin" | "member"): Promise<TestSession> {
  const [memberId] = await makeMembers(h.database.db, ws.id, [role], PASSWORD);
  const email = `${memberId}@example.com`;
  return signInAs(h, email, memberId!);
}

export async function signInAs(h: Harness, email: string, memberId: string, password = PASSWORD): Promise<TestSession> {
  const res = await h.call("POST", "/v1/auth/sign-in", { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  const cookie = sessionCookieOf(res.headers);
  const csrfToken = res.body.csrfToken as string;
  return {
    memberId,
    email,
    cookie,
    csrfToken,
    headers: { cookie, "x-csrf-token": csrfToken, origin: HEED_ORIGIN },
    cookieOnly: { cookie },
  };
}

/** `heed_session=<token>` from a response's Set-Cookie. */
export function sessionCookieOf(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.startsWith("heed_session="));
  if (!set) throw new Error("no session cookie set");
  return set.split(";")[0]!;
}
