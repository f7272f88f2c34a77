import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Hono } from "hono";
import type { AppEnv } from "./env.js";
import { sendStatic, StaticBody } from "./encodings.js";
import { DENY_FRAMING, NOT_FRAMEABLE } from "./security-headers.js";

// The interactive reference, served entirely by this process: Swagger UI's files are read from the
// installed package, and the page loads nothing from any other host.
// The folder is found from the package's manifest: requiring the package itself would load and
// compile its 1.4 MB browser bundle into the server (3.8 MiB of heap, for nothing).
const require = createRequire(import.meta.url);
const DIST = dirname(require.resolve("swagger-ui-dist/package.json"));

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Heed API reference</title>
  <meta name="color-scheme" content="light dark">
  <link rel="icon" href="/docs/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="stylesheet" href="/docs/dark.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

// validatorUrl: null stops Swagger UI from calling its public validator service. Sections open
// one at a time (docExpansion "none", with a filter by tag): drawn all at once, Swagger UI 5.35
// stops after the first 35 or so of more than 146 operations, silently (seen at 152).
const INIT = `window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#reference",
  docExpansion: "none",
  filter: true,
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: true,
  tryItOutEnabled: false,
});`;

// Swagger UI draws in light colours only. In a dark system theme the page is inverted with the
// hues turned back, so its colours keep their meaning (green GET, red DELETE) on a dark ground;
// images are turned back again.
const DARK = `@media (prefers-color-scheme: dark) {
  html { background: #111; }
  body { filter: invert(0.9) hue-rotate(180deg); background: #fff; }
  img, svg image, video { filter: invert(1) hue-rotate(180deg); }
}`;

export function registerDocs(app: Hono<AppEnv>): void {
  // Swagger UI's bundle is 1.4 MB: sent in brotli (made once, in the background, when first asked for).
  const files = new Map(Object.entries(ASSETS).map(([name, type]) => [name, new StaticBody(readFileSync(join(DIST, name)), type)]));
  // Nobody frames the reference (a framed "Try it out" could be clicked through from another site).
  const security = {
    "content-security-policy": `default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; ${NOT_FRAMEABLE}`,
    ...DENY_FRAMING,
  };
  app.get("/docs", (c) => c.html(PAGE, 200, security));
  app.get("/docs/init.js", (c) => c.body(INIT, 200, { "content-type": "text/javascript; charset=utf-8" }));
  app.get("/docs/dark.css", (c) => c.body(DARK, 200, { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=86400" }));
  app.get("/docs/:file", (c) => {
    const file = files.get(c.req.param("file"));
    if (!file) return c.notFound();
    return sendStatic(c, file, { "cache-control": "public, max-age=86400" });
  });
}
