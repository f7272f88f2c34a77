import { describe, expect, it } from "vitest";
import { useHarness } from "../../../../test/support/harness.js";

// Under an https PUBLIC_URL, the widget's panel (the portal framed by the customer's site) signs
// in with a partitioned cookie beside the portal's own, so browsers that block third-party
// cookies still keep the panel signed in, for that one embedding site only.

const h = useHarness({ publicUrl: "https://heed.test" });

describe("the portal's cookies under https", () => {
  it("sets a Secure Lax cookie, and for the widget's panel a partitioned SameSite=None one that also signs in", async () => {
    const ws = await h.workspace();
    const base = `/p/${ws.slug}`;
    const { token } = await ws.identify("framed-reader");
    const res = await fetch(`${h.url}${base}/sso?userToken=${encodeURIComponent(token)}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    const cookies = res.headers.getSetCookie();
    const own = cookies.find((c) => c.startsWith("__Secure-heed_portal="))!;
    const embedded = cookies.find((c) => c.startsWith("__Secure-heed_portal_embed="))!;
    expect(own).toMatch(/; Secure/);
    expect(own).toMatch(/SameSite=Lax/);
    expect(embedded).toMatch(/SameSite=None/);
    expect(embedded).toMatch(/; Partitioned/);
    expect(embedded).toMatch(/; HttpOnly/);
    expect(embedded).toContain(`Path=${base}`);
    // The partitioned cookie alone (what a framed portal on another site gets) signs the reader in.
    const page = await fetch(`${h.url}${base}/me`, { headers: { cookie: embedded.split(";")[0]! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Person framed-reader");
  });

  it("keeps the partitioned cookie to the widget: signing in from the customer's app by JWT sets only the portal's own", async () => {
    const ws = await h.workspace();
    const key = await ws.key();
    const secret = (await h.call("GET", "/v1/workspace/identity-secret", { key })).body.identitySecret as string;
    const { identityJwt } = await import("../../../../test/support/jwt.js");
    const token = identityJwt(secret, { sub: "ada" });
    const res = await fetch(`${h.url}/p/${ws.slug}/sso?token=${token}`, { redirect: "manual" });
    expect(res.headers.getSetCookie().map((c) => c.split("=")[0])).toEqual(["__Secure-heed_portal"]);
  });
});
