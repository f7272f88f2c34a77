import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PORTAL_STYLES } from "./styles.js";

// The portal's stylesheet and script, served with a content hash in their address, so browsers
// keep them for a year and fetch a new version at once. Under /p/_/: `_` is never a workspace
// slug. The stylesheet is a TS module (the server runs bundled by esbuild or from sources by tsx,
// and both read a module alike); the script is built by `npm run build` into dist/web, and pages
// simply go without it when it is missing: they work without JavaScript.

export interface Asset {
  body: Buffer;
  url: string;
  type: string;
  /** The brotli and gzip forms `npm run build` wrote beside a built file. */
  variants?: { br?: Buffer; gzip?: Buffer };
}

const hashed = (path: string, body: Buffer) => `${path}?v=${createHash("sha256").update(body).digest("hex").slice(0, 12)}`;

export const PORTAL_CSS: Asset = (() => {
  const body = Buffer.from(PORTAL_STYLES);
  return { body, url: hashed("/p/_/portal.css", body), type: "text/css; charset=utf-8" };
})();

/** A script `npm run build` put in dist/web (`portal.js`, `widget.js`), or null when it is not built. */
export function loadWebScript(name: string, path: string, dir = resolve("dist/web")): Asset | null {
  const file = resolve(dir, name);
  if (!existsSync(file)) return null;
  const body = readFileSync(file);
  const beside = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  return { body, url: hashed(path, body), type: "text/javascript; charset=utf-8", variants: { br: beside(".br"), gzip: beside(".gz") } };
}
