import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, beforeAll } from "vitest";
import type { Harness } from "./harness.js";
import { HEED_ORIGIN } from "./sessions.js";

// A real OpenID Connect provider (oidc-provider) on loopback, for single sign-on tests. Its sign-in
// page is replaced by one that signs in whoever the test says is at the keyboard (`as`) and
// consents for them: the protocol around it (authorization code, PKCE, signed ID tokens,
// discovery, JWKS) is the provider's own.

export interface Person {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who signs in at the provider next. */
  as(person: Person): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const people = new Map<string, Person>();
  let current: Person | undefined;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "heed",
        client_secret: "heed-test-secret",
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: person.email, email_verified: person.emailVerified, name: person.name }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["oidc-provider-test-cookie-key"] },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!current) throw new Error("the test named nobody to sign in");
      const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: current.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    clientId: "heed",
    clientSecret: "heed-test-secret",
    as(person) {
      people.set(person.sub, person);
      current = person;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A provider that sends people back to Heed's callback, started before the file's tests (its fields are set then) and stopped after them. */
export function useOidcProvider(): TestOidcProvider {
  const idp = {} as TestOidcProvider;
  beforeAll(async () => {
    Object.assign(idp, await startOidcProvider(`${HEED_ORIGIN}/v1/auth/oidc/callback`));
  });
  afterAll(() => idp.stop());
  return idp;
}

/** The harness's `oidc` option: sign-in through `idp` for acme.test, newcomers signed up into `signUpWorkspace`. */
export const acmeSignOn = (idp: TestOidcProvider, signUpWorkspace: string) => () => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  allowedDomains: ["acme.test"],
  label: "Acme SSO",
  signUpWorkspace,
});

/**
 * Follows redirects as a browser does, keeping each host's cookies; Heed's public origin is the
 * harness. `heedCookies` are those the browser already holds for Heed (a session, a flow);
 * `headers` go with every request (`accept: text/html` for a person's browser).
 */
export async function browse(
  h: Pick<Harness, "url">,
  path: string,
  heedCookies: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; location: string | null; heedCookies: Map<string, string>; body: string }> {
  const jars = new Map<string, Map<string, string>>([[new URL(h.url).host, new Map(Object.entries(heedCookies))]]);
  let url = new URL(path, h.url);
  for (let hop = 0; hop < 12; hop++) {
    const jar = jars.get(url.host) ?? new Map<string, string>();
    jars.set(url.host, jar);
    const res = await fetch(url, { redirect: "manual", headers: { ...headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(";");
      const [name, ...value] = pair!.split("=");
      if (/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(set)) jar.delete(name!);
      else jar.set(name!, value.join("="));
    }
    const location = res.headers.get("location");
    const toHeed = location?.startsWith(HEED_ORIGIN);
    if (res.status >= 300 && res.status < 400 && location && (toHeed || !location.startsWith("/") || url.host !== new URL(h.url).host)) {
      url = toHeed ? new URL(location.slice(HEED_ORIGIN.length), h.url) : new URL(location, url);
      continue;
    }
    return { status: res.status, location, heedCookies: jars.get(new URL(h.url).host) ?? new Map(), body: await res.text() };
  }
  throw new Error("too many redirects");
}

export const person = (sub: string, email: string, emailVerified = true): Person => ({ sub, email, emailVerified, name: `Person ${sub}` });
