import { queryOptions } from "@tanstack/react-query";
import { api, type Session, unwrap } from "../api.js";

// The account's reads: the signed-in session (the frame and every page read it), and what the
// pages before sign-in open: an invite, a password link, the single sign-on on offer.

export const accountKeys = {
  session: ["session"] as const,
  invite: (token: string) => ["invite", token] as const,
  passwordReset: (token: string) => ["password-reset", token] as const,
  signInOptions: (workspace: string) => ["sign-in-options", workspace] as const,
};

/** The signed-in session, or null when nobody is (a 401). */
export const sessionQuery = () =>
  queryOptions({
    queryKey: accountKeys.session,
    queryFn: async (): Promise<Session | null> => {
      // Nobody signed in in this browser: no request, so the sign-in page logs no 401.
      if (!sessionHinted()) return null;
      const result = await api.GET("/auth/session");
      if (result.response.status === 401) {
        forgetSessionHint();
        return null;
      }
      return unwrap(result);
    },
  });

// The server sets a readable `heed_signed_in` cookie beside the HttpOnly session cookie (and
// clears both at sign-out): there may be a session only while it is there.
const HINTS = ["heed_signed_in", "__Host-heed_signed_in"];

function sessionHinted(): boolean {
  return document.cookie.split(";").some((pair) => HINTS.includes(pair.trim().split("=")[0]!));
}

/** The session ended elsewhere (expired, signed out on another device): the hint goes too. */
function forgetSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the dashboard serves (Firefox)
  for (const name of HINTS) document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}

export const inviteQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.invite(token),
    queryFn: async () => unwrap(await api.GET("/auth/invites/{token}", { params: { path: { token } } })),
  });

export const passwordResetQuery = (token: string) =>
  queryOptions({
    queryKey: accountKeys.passwordReset(token),
    queryFn: async () => unwrap(await api.GET("/auth/password-reset/{token}", { params: { path: { token } } })),
  });

/** The server's single sign-on, and the workspace's own when a slug is given. */
export const signInOptionsQuery = (workspace?: string) =>
  queryOptions({
    queryKey: accountKeys.signInOptions(workspace ?? ""),
    queryFn: async () => unwrap(await api.GET("/auth/sign-in-options", { params: { query: workspace ? { workspace } : {} } })),
  });
