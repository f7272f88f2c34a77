import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { DESIGN_TOKENS_CSS } from "../packages/shared/src/design-tokens.js";

// `import "virtual:heed-design-tokens.css"` is the design tokens the portal shares
// (packages/shared/src/design-tokens.ts), bundled into the stylesheet like any CSS file.
function designTokens(): Plugin {
  const id = "virtual:heed-design-tokens.css";
  return {
    name: "heed-design-tokens",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? DESIGN_TOKENS_CSS : undefined),
  };
}

// The dashboard, served by Heed under /app with hashed, immutable assets. It talks to /v1 through
// @heed/client, built here from the client's sources.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/app/",
  plugins: [react(), designTokens()],
  resolve: { alias: { "@heed/client": fileURLToPath(new URL("../packages/client/src/index.ts", import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL("../dist/dashboard", import.meta.url)),
    emptyOutDir: true,
    // No inline script or style anywhere: the Content-Security-Policy allows neither.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  logLevel: "warn",
});
