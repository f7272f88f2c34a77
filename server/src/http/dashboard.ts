import { existsSync, readdirSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import type { Context, Hono } from "hono";
import { HeedError } from "../platform/errors.js";
import type { AppEnv } from "./env.js";
import { DENY_FRAMING } from "./security-headers.js";
import { problemResponse } from "./problem.js";
import { loadStatic, sendStatic, type StaticBody } from "./encodings.js";
import { hintSessionCookie } from "./credentials/session-cookie.js";

// The dashboard at /app: the files `npm run build` puts in dist/dashboard, held in memory. Assets
// have content hashes in their names, so they are cached for a year; every other path under /app
// answers index.html (the app routes in the browser), never cached. A strict Content-Security-Policy
// allows only this origin's own scripts, styles and API, and no framing.

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  ...DENY_FRAMING,
  "x-content-type-options": "nosniff",
  // Invite and password links carry a token in their path: never send it elsewhere.
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

/** The built assets by name, each with the brotli and gzip forms the build wrote beside it. */
function loadAssets(dir: string): Map<string, StaticBody> {
  const assets = new Map<string, StaticBody>();
  const assetsDir = join(dir, "assets");
  if (!existsSync(assetsDir)) return assets;
  for (const name of readdirSync(assetsDir)) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    assets.set(name, loadStatic(join(assetsDir, name), CONTENT_TYPES[extname(name)] ?? "application/octet-stream"));
  }
  return assets;
}

export function registerDashboard(app: Hono<AppEnv>, dir = resolve("dist/dashboard")): void {
  const indexFile = join(dir, "index.html");
  const index = existsSync(indexFile) ? loadStatic(indexFile, CONTENT_TYPES[".html"]!) : null;
  const assets = loadAssets(dir);

  app.get("/app/assets/:name", (c) => {
    const asset = assets.get(c.req.param("name"));
    if (!asset) return problemResponse(c, new HeedError("not_found", `No dashboard asset ${c.req.param("name").slice(0, 100)}.`));
    return sendStatic(c, asset, { ...SECURITY_HEADERS, "cache-control": "public, max-age=31536000, immutable" });
  });
  const page = (c: Context<AppEnv>) => {
    if (!index) return problemResponse(c, new HeedError("unavailable", "The dashboard is not built: run `npm run build` (npm start does)."));
    hintSessionCookie(c);
    return sendStatic(c, index, { ...SECURITY_HEADERS, "cache-control": "no-cache" });
  };
  app.get("/app", page);
  app.get("/app/*", page);
}
