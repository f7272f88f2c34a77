import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

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
